import { History } from 'lucide-react';
import { gamepassLink, type WithdrawalStateName, type WithdrawalView } from '@rewards/contracts';
import { Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { formatCount, formatDateTime, formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';
import { useWithdrawals } from '../api/withdraw';

const STATES: Record<WithdrawalStateName, { label: () => string; tone: string }> = {
  pending: { label: m.withdraw_state_pending, tone: 'border-amber-400/40 bg-amber-400/10 text-amber-200' },
  purchasing: { label: m.withdraw_state_processing, tone: 'border-sky-400/40 bg-sky-400/10 text-sky-200' },
  needs_review: {
    label: m.withdraw_state_under_review,
    tone: 'border-amber-400/40 bg-amber-400/10 text-amber-200',
  },
  in_review: {
    label: m.withdraw_state_under_review,
    tone: 'border-amber-400/40 bg-amber-400/10 text-amber-200',
  },
  held: { label: m.withdraw_state_under_review, tone: 'border-amber-400/40 bg-amber-400/10 text-amber-200' },
  paid: { label: m.withdraw_state_paid, tone: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-200' },
  refunded: { label: m.withdraw_state_refunded, tone: 'border-slate-500/50 bg-slate-500/10 text-slate-300' },
};

/** What a paid withdrawal means on Roblox: a gamepass sale waits as pending, a group payout does not. */
const PAID_MESSAGES = { gamepass: m.withdraw_paid_gamepass, group: m.withdraw_paid_group } as const;

/** How the Robux travel: the gamepass bought (a link to it) or the group's payout. */
function MethodLabel({ withdrawal: w }: { withdrawal: WithdrawalView }) {
  if (w.method === 'group' || w.gamepassId === null) return <>{m.withdraw_group_payout()}</>;
  return (
    <>
      <a
        href={gamepassLink(w.gamepassId)}
        target="_blank"
        rel="noopener noreferrer"
        className="text-slate-300 underline decoration-slate-600 hover:text-white"
      >
        {m.withdraw_gamepass_number({ id: String(w.gamepassId) })}
      </a>{' '}
      {m.withdraw_at_price({ price: formatCount(w.price) })}
    </>
  );
}

/** The player's recent withdrawals with their state. */
export function WithdrawalsList() {
  const { data, isPending, isError } = useWithdrawals();
  const withdrawals = data?.withdrawals ?? [];
  return (
    <Card className="p-5 sm:p-7">
      <h2 className="flex items-center gap-2 text-lg font-bold text-white">
        <History aria-hidden="true" className="size-5 text-emerald-300" /> {m.withdraw_list_title()}
      </h2>
      {isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={m.withdraw_list_loading()} className="text-emerald-300" />
        </div>
      ) : isError ? (
        <p className="mt-4 text-sm text-rose-300">{m.withdraw_list_failed()}</p>
      ) : withdrawals.length === 0 ? (
        <p className="mt-4 text-sm text-slate-400">{m.withdraw_list_empty()}</p>
      ) : (
        <ul data-testid="withdrawals-list" className="mt-4 divide-y divide-slate-800">
          {withdrawals.map((w) => {
            const state = STATES[w.state];
            return (
              <li key={w.id} className="py-3.5">
                <div className="flex items-center justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-bold text-white tabular-nums">{formatRobux(w.robux)}</p>
                    <p className="text-xs break-words text-slate-400">
                      #{w.id} · {formatDateTime(w.createdAt)} ·{' '}
                      <span className="whitespace-nowrap">
                        <MethodLabel withdrawal={w} />
                      </span>
                    </p>
                  </div>
                  <span
                    className={cn('shrink-0 rounded-full border px-3 py-1 text-xs font-bold', state.tone)}
                  >
                    {state.label()}
                  </span>
                </div>
                {w.state === 'paid' && (
                  <p data-testid="withdrawal-paid-note" className="mt-1.5 text-xs text-emerald-200/90">
                    {PAID_MESSAGES[w.method]()}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
