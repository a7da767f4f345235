import { ExternalLink } from 'lucide-react';
import type { AdminWithdrawalRow } from '@rewards/contracts';
import { Badge } from '@/components/ui/Badge';
import { cellClass } from '@/components/ui/table-styles';
import { cn } from '@/lib/cn';
import { formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';
import { formatCount, formatDateTime, formatShortDateTime } from '../format';
import { stateLabel, stateTone } from './states';
import { WithdrawalActions } from './WithdrawalActions';

export const withdrawalColumns = () => [
  m.admin_wd_col_player(),
  m.admin_wd_col_through(),
  m.admin_wd_col_amount(),
  m.admin_wd_col_dates(),
  m.admin_col_actions(),
];

/**
 * One withdrawal of the queue: who, which gamepass (or the group payout and its recipient), how much,
 * its state and history, and what to do.
 */
export function WithdrawalRow({
  w,
  ...actions
}: { w: AdminWithdrawalRow } & Omit<Parameters<typeof WithdrawalActions>[0], 'w'>) {
  return (
    <tr data-withdrawal-id={w.id}>
      <td className={cellClass}>
        <p className="flex items-center gap-1.5 font-semibold text-white">
          {w.username}
          {w.playerStatus === 'banned' && <Badge tone="red">{m.admin_users_status_banned()}</Badge>}
        </p>
        <p className="text-xs whitespace-nowrap text-slate-500">
          {m.admin_wd_ids({ id: w.id, userId: w.userId, robloxId: w.robloxId })}
        </p>
      </td>
      <td className={cn(cellClass, 'whitespace-nowrap')}>
        <a
          href={w.gamepassUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="payout-target"
          className="inline-flex items-center gap-1 font-mono text-xs text-sky-300 underline-offset-2 hover:underline"
        >
          {w.method === 'group' ? m.admin_wd_group_target({ recipient: w.recipientId }) : w.gamepassId}{' '}
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      </td>
      <td className={cn(cellClass, 'whitespace-nowrap')}>
        <p className="font-semibold text-emerald-300">{formatRobux(w.robux)}</p>
        <p className="text-xs text-slate-400 tabular-nums">
          {m.admin_wd_price({ price: formatCount(w.price) })}
        </p>
      </td>
      <td className={cn(cellClass, 'text-xs text-slate-400')}>
        <Stamp label={m.admin_wd_created()} iso={w.createdAt} />
        <Stamp label={m.admin_wd_updated()} iso={w.updatedAt} />
        <div className="mt-1 flex flex-wrap items-center gap-1.5">
          <Badge tone={stateTone[w.state]}>{stateLabel(w.state)}</Badge>
          {w.attempts > 0 && (
            <span>{m.admin_wd_attempts({ count: w.attempts, n: formatCount(w.attempts) })}</span>
          )}
          {w.payDespiteBan && <span className="text-rose-300">{m.admin_wd_paid_despite_ban()}</span>}
        </div>
        {w.reviewReasons.length > 0 && <ReviewReasons reasons={w.reviewReasons} />}
        {w.lastError && <p className="mt-1 max-w-48 break-words text-amber-200/80">{w.lastError}</p>}
      </td>
      <td className={cellClass}>
        <WithdrawalActions w={w} {...actions} />
      </td>
    </tr>
  );
}

/** Why the withdrawal went to review (every rule that applied). */
function ReviewReasons({ reasons }: { reasons: AdminWithdrawalRow['reviewReasons'] }) {
  return (
    <ul data-testid="review-reasons" className="mt-1 max-w-64 list-disc pl-4 text-amber-100/90">
      {reasons.map((r) => (
        <li key={r.code} data-reason={r.code} className="break-words">
          {r.text}
        </li>
      ))}
    </ul>
  );
}

function Stamp({ label, iso }: { label: string; iso: string }) {
  return (
    <p className="whitespace-nowrap" title={formatDateTime(iso)}>
      <span className="text-slate-500">{label} </span>
      {formatShortDateTime(iso)}
    </p>
  );
}
