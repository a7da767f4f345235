import { Wallet } from 'lucide-react';
import type { AdminUserMoneyResponse, WithdrawalStateName } from '@rewards/contracts';
import { formatRobux } from '@/lib/format';
import { Figure } from '@/components/ui/Figure';
import { Badge } from '@/components/ui/Badge';
import { LoadingRow } from '@/components/ui/CardStates';
import { useUserMoney } from '../../api/user-money';
import { formatCount, formatShortDateTime } from '../format';
import { retryFailed, SectionError } from '../SectionError';

const STATE_LABEL: Partial<Record<WithdrawalStateName, [label: string, tone: 'amber' | 'red' | 'sky']>> = {
  in_review: ['in review', 'amber'],
  held: ['held: player banned', 'red'],
  needs_review: ['needs review', 'amber'],
  pending: ['pending', 'sky'],
  purchasing: ['purchasing', 'sky'],
};

function Figures({ money }: { money: AdminUserMoneyResponse }) {
  const r = money.reversals;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      <Figure
        label="Balance"
        value={formatRobux(money.balance)}
        tone={money.balance < 0 ? 'bad' : undefined}
      />
      <Figure label="Offer credits on hold" value={formatRobux(money.pendingRobux)} />
      <Figure
        label="Withdrawals paid"
        value={money.paidWithdrawals === 0 ? 'none yet' : formatCount(money.paidWithdrawals)}
      />
      <Figure
        label={`Offer credits, ${r.windowDays} days`}
        value={`${formatCount(r.credits)} · ${formatRobux(r.creditedRobux)}`}
      />
      <Figure
        label="Reversed"
        value={`${formatCount(r.reversed)} · ${formatRobux(r.reversedRobux)}`}
        tone={r.reversed > 0 ? 'warn' : undefined}
      />
      <Figure
        label={`Reversed share (limit ${r.limitPercent}%)`}
        value={`${r.percent}%`}
        tone={r.paused ? 'bad' : undefined}
      />
    </dl>
  );
}

/**
 * What the withdrawal rules see of a player: balance, held offer credits, the reversed share of their
 * offer credits (withdrawals pause above MAX_REVERSAL_PERCENT), and the withdrawals waiting for a
 * decision, with the reasons they went to review. Decisions are made in the Withdrawals section.
 */
export function UserMoneyPanel({ userId }: { userId: number }) {
  const money = useUserMoney(userId);
  const data = money.data;
  return (
    <section aria-labelledby={`money-${userId}`} className="mb-5" data-testid="user-money">
      <h3
        id={`money-${userId}`}
        className="mb-2 flex flex-wrap items-center gap-2 text-sm font-bold text-white"
      >
        <Wallet aria-hidden="true" className="size-4 text-emerald-300" />
        Money and withdrawals
        {data &&
          (data.blocked ? (
            <Badge tone="red">
              {data.blocked.code === 'WITHDRAWALS_PAUSED' ? 'withdrawals paused' : 'withdrawals blocked'}
            </Badge>
          ) : (
            <Badge tone="green">withdrawals allowed</Badge>
          ))}
      </h3>
      {money.isPending ? (
        <LoadingRow label="Loading money state..." />
      ) : money.isError || !data ? (
        <SectionError
          error={money.error}
          title="Failed to load the money state"
          onRetry={retryFailed(money)}
        />
      ) : (
        <>
          <Figures money={data} />
          {data.blocked && (
            <p
              data-testid="withdrawal-block"
              className="mt-2 rounded-xl border border-rose-500/30 bg-rose-500/5 px-3.5 py-2.5 text-sm text-rose-100"
            >
              The player is told: {data.blocked.message}
            </p>
          )}
          {data.open.length > 0 && (
            <ul className="mt-3 flex flex-col gap-2" aria-label="Withdrawals waiting">
              {data.open.map((w) => {
                const [label, tone] = STATE_LABEL[w.state] ?? [w.state.replace('_', ' '), 'sky'];
                return (
                  <li
                    key={w.id}
                    data-testid="open-withdrawal"
                    className="rounded-xl border border-slate-800 bg-slate-900/50 px-3.5 py-2.5 text-sm"
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold text-white tabular-nums">{formatRobux(w.robux)}</span>
                      <span className="text-xs text-slate-500">
                        #{w.id} · {formatShortDateTime(w.createdAt)}
                      </span>
                      <Badge tone={tone}>{label}</Badge>
                    </div>
                    {w.reviewReasons.length > 0 && (
                      <ul className="mt-1 list-disc pl-5 text-slate-300">
                        {w.reviewReasons.map((r) => (
                          <li key={r.code}>{r.text}</li>
                        ))}
                      </ul>
                    )}
                    {w.lastError && <p className="mt-1 text-amber-200/80">{w.lastError}</p>}
                  </li>
                );
              })}
            </ul>
          )}
          {data.open.some((w) => w.state === 'in_review' || w.state === 'held') && (
            <p className="mt-2 text-xs text-slate-400">
              Approve or refund these under Withdrawals, in the To approve and Held tabs.
            </p>
          )}
        </>
      )}
    </section>
  );
}
