import { Link } from 'react-router';
import { Coins } from 'lucide-react';
import { useBalance } from '@/lib/balance';
import { cn } from '@/lib/cn';
import { formatRobux } from '@/lib/format';
import { paths } from '@/config/paths';
import { m } from '@/paraglide/messages.js';

/**
 * The player's balance: "Loading..." until the first answer, then e.g. "R$ 12.50". Links to Withdraw.
 * In the top bar at every width: smaller on a phone, where it sits between the language and the avatar.
 */
export function BalanceChip({ className }: { className?: string }) {
  const { balance } = useBalance();
  const text = balance === null ? m.app_balance_loading() : formatRobux(balance, { cents: 'always' });
  return (
    <Link
      to={paths.withdraw}
      title={m.app_balance_title()}
      aria-label={m.app_balance_label({ amount: text })}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full border border-emerald-400/30 bg-emerald-400/10',
        'py-1 pr-3 pl-1 sm:gap-2 sm:py-1.5 sm:pr-4 sm:pl-1.5',
        'text-sm font-bold text-emerald-200 transition-colors hover:border-emerald-400/60 hover:bg-emerald-400/15',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
        className,
      )}
    >
      <span className="inline-flex size-6 items-center justify-center rounded-full bg-emerald-400 text-slate-950 sm:size-7">
        <Coins aria-hidden="true" className="size-3.5 sm:size-4" />
      </span>
      <span data-testid="balance-chip" className="whitespace-nowrap tabular-nums">
        {text}
      </span>
    </Link>
  );
}
