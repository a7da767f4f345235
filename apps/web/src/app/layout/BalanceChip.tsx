import { Link } from 'react-router';
import { Coins } from 'lucide-react';
import { useBalance } from '@/lib/balance';
import { cn } from '@/lib/cn';
import { formatRobux } from '@/lib/format';
import { paths } from '@/config/paths';
import { m } from '@/paraglide/messages.js';

/** The player's balance: "Loading..." until the first answer, then e.g. "R$ 12.50". Links to Withdraw. */
export function BalanceChip({ className, onClick }: { className?: string; onClick?: () => void }) {
  const { balance } = useBalance();
  const text = balance === null ? m.app_balance_loading() : formatRobux(balance, { cents: 'always' });
  return (
    <Link
      to={paths.withdraw}
      onClick={onClick}
      title={m.app_balance_title()}
      aria-label={m.app_balance_label({ amount: text })}
      className={cn(
        'items-center gap-2 rounded-full border border-emerald-400/30 bg-emerald-400/10 py-1.5 pr-4 pl-1.5',
        'text-sm font-bold text-emerald-200 transition-colors hover:border-emerald-400/60 hover:bg-emerald-400/15',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
        className,
      )}
    >
      <span className="inline-flex size-7 items-center justify-center rounded-full bg-emerald-400 text-slate-950">
        <Coins aria-hidden="true" className="size-4" />
      </span>
      <span data-testid="balance-chip" className="tabular-nums">
        {text}
      </span>
    </Link>
  );
}
