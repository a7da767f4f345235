import { Wallet } from 'lucide-react';
import type { AdminUserMoneyResponse, WithdrawalStateName } from '@rewards/contracts';
import { ApiError } from '@/lib/api-client';
import { formatPercent, formatRobux } from '@/lib/format';
import { errorMessage } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { Figure } from '@/components/ui/Figure';
import { Badge } from '@/components/ui/Badge';
import { LoadingRow } from '@/components/ui/CardStates';
import { useUserMoney } from '../../api/user-money';
import { formatCount, formatShortDateTime } from '../format';
import { retryFailed, SectionError } from '../SectionError';
import { stateLabel } from '../withdrawals/states';

const STATE_TONE: Partial<Record<WithdrawalStateName, 'amber' | 'red' | 'sky'>> = {
  in_review: 'amber',
  held: 'red',
  needs_review: 'amber',
  pending: 'sky',
  purchasing: 'sky',
};

/** The player's own words for a state are the queue's, except that here a hold names its cause. */
const openStateLabel = (state: WithdrawalStateName) =>
  state === 'held' ? m.admin_money_state_held() : stateLabel(state);

/** The refusal as the player reads it: the server's sentence in English, the code's in Dutch and French. */
function toldToPlayer(block: { code: string; message: string }): string {
  return errorMessage(new ApiError(403, block.code, block.message));
}

function Figures({ money }: { money: AdminUserMoneyResponse }) {
  const r = money.reversals;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      <Figure
        label={m.admin_money_balance()}
        value={formatRobux(money.balance, { cents: 'always' })}
        tone={money.balance < 0 ? 'bad' : undefined}
      />
      <Figure label={m.admin_money_on_hold()} value={formatRobux(money.pendingRobux)} />
      <Figure
        label={m.admin_money_paid()}
        value={money.paidWithdrawals === 0 ? m.admin_money_none_yet() : formatCount(money.paidWithdrawals)}
      />
      <Figure
        label={m.admin_money_credits_window({ days: formatCount(r.windowDays) })}
        value={`${formatCount(r.credits)} · ${formatRobux(r.creditedRobux)}`}
      />
      <Figure
        label={m.admin_money_reversed()}
        value={`${formatCount(r.reversed)} · ${formatRobux(r.reversedRobux)}`}
        tone={r.reversed > 0 ? 'warn' : undefined}
      />
      <Figure
        label={m.admin_money_reversed_share({ limit: formatPercent(r.limitPercent) })}
        value={formatPercent(r.percent)}
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
        {m.admin_money_title()}
        {data &&
          (data.blocked ? (
            <Badge tone="red">
              {data.blocked.code === 'WITHDRAWALS_PAUSED' ? m.admin_money_paused() : m.admin_money_blocked()}
            </Badge>
          ) : (
            <Badge tone="green">{m.admin_money_allowed()}</Badge>
          ))}
      </h3>
      {money.isPending ? (
        <LoadingRow label={m.admin_money_loading()} />
      ) : money.isError || !data ? (
        <SectionError error={money.error} title={m.admin_money_load_failed()} onRetry={retryFailed(money)} />
      ) : (
        <>
          <Figures money={data} />
          {data.blocked && (
            <p
              data-testid="withdrawal-block"
              className="mt-2 rounded-xl border border-rose-500/30 bg-rose-500/5 px-3.5 py-2.5 text-sm text-rose-100"
            >
              {m.admin_money_told({ message: toldToPlayer(data.blocked) })}
            </p>
          )}
          {data.open.length > 0 && (
            <ul className="mt-3 flex flex-col gap-2" aria-label={m.admin_overview_waiting()}>
              {data.open.map((w) => {
                const label = openStateLabel(w.state);
                const tone = STATE_TONE[w.state] ?? 'sky';
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
            <p className="mt-2 text-xs text-slate-400">{m.admin_money_decide_hint()}</p>
          )}
        </>
      )}
    </section>
  );
}
