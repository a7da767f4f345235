import { Check, X } from 'lucide-react';
import { formatRobux } from '@/lib/format';
import { cn } from '@/lib/cn';
import { m } from '@/paraglide/messages.js';
import { Badge } from '@/components/ui/Badge';
import { RowButton } from '@/components/ui/DataTable';
import { useCan } from '../../api/me';
import { cellClass } from '@/components/ui/table-styles';
import type { AdminPostback } from '../../api/offers';
import { formatJson } from '../format';
import { WhenCell } from '../WhenCell';
import { cardCell, cardRow } from './mobileCards';
import { REPLAYABLE, verdictLabel, verdictTone } from './verdicts';

export const postbackColumns = () => [
  m.admin_setup_column_when(),
  m.admin_setup_column_wall(),
  m.admin_setup_column_transaction(),
  m.admin_setup_column_amount(),
  m.admin_setup_column_verdict(),
  m.admin_setup_column_parameters(),
];

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * One stored postback: what it asked for, what became of it and why, its raw parameters, and the
 * admin's actions (replay a refused one; approve or reject a held one) for a role that may take them.
 */
export function PostbackRow({
  pb,
  busy,
  onReplay,
  onApprove,
  onReject,
}: {
  pb: AdminPostback;
  busy: boolean;
  onReplay: () => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  const canDecide = useCan('postbacks.decide');
  return (
    <tr
      data-postback-id={pb.id}
      data-verdict={pb.verdict}
      className={cn(cardRow, 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3')}
    >
      <WhenCell iso={pb.createdAt} className={cardCell} />
      <td className={cn(cellClass, 'font-mono text-xs text-slate-200', cardCell)}>{pb.wall}</td>
      <td className={cn(cellClass, 'max-w-48 text-xs text-slate-300', cardCell)}>
        <p className="font-mono break-all">{pb.transId ?? '—'}</p>
        <p className="text-slate-500">
          {pb.action ?? m.admin_setup_unreadable()}
          {pb.userId !== null && ` · ${m.admin_setup_user_id({ id: pb.userId })}`}
        </p>
      </td>
      <td
        className={cn(cellClass, 'text-xs whitespace-nowrap text-slate-200', cardCell)}
        data-testid="amount"
      >
        {pb.amount === null ? '—' : formatRobux(pb.amount)}
      </td>
      <td className={cn(cellClass, 'max-w-64', cardCell, 'max-sm:col-span-2')}>
        <div className="flex flex-col items-start gap-2">
          <Badge tone={verdictTone(pb.verdict)}>{verdictLabel(pb.verdict)}</Badge>
          {pb.reason && <p className="text-xs break-words text-slate-400">{pb.reason}</p>}
          {canDecide && REPLAYABLE.has(pb.verdict) && (
            <RowButton
              variant="secondary"
              disabled={busy}
              aria-label={m.admin_setup_replay_postback({ id: pb.id })}
              onClick={onReplay}
            >
              {m.admin_setup_replay()}
            </RowButton>
          )}
          {canDecide && pb.verdict === 'held' && (
            <div className="flex flex-wrap gap-2">
              <RowButton
                disabled={busy}
                aria-label={m.admin_setup_approve_postback({ id: pb.id })}
                onClick={onApprove}
              >
                <Check aria-hidden="true" className="size-3.5" /> {m.admin_setup_approve()}
              </RowButton>
              <RowButton
                variant="danger"
                disabled={busy}
                aria-label={m.admin_setup_reject_postback({ id: pb.id })}
                onClick={onReject}
              >
                <X aria-hidden="true" className="size-3.5" /> {m.admin_setup_reject()}
              </RowButton>
            </div>
          )}
        </div>
      </td>
      <td className={cn(cellClass, 'w-2/5 min-w-48', cardCell, 'max-sm:col-span-2')}>
        <details className="group">
          <summary className="cursor-pointer text-xs font-medium text-sky-300 select-none">
            <code className="font-mono break-all text-slate-300 group-open:hidden">
              {truncate(formatJson(pb.params), 60)}
            </code>
            <span className="hidden group-open:inline">{m.admin_setup_hide_parameters()}</span>
          </summary>
          <pre className="mt-2 max-h-56 overflow-auto rounded-lg bg-slate-950 p-2.5 font-mono text-xs break-all whitespace-pre-wrap text-slate-200">
            {JSON.stringify(pb.params, null, 2)}
          </pre>
          {pb.ip && <p className="mt-1 text-xs text-slate-500">{m.admin_setup_from_ip({ ip: pb.ip })}</p>}
        </details>
      </td>
    </tr>
  );
}
