import type { AdminWithdrawalRow } from '@rewards/contracts';
import { RowButton } from '@/components/ui/DataTable';
import { formatDateTime } from '../format';
import { m } from '@/paraglide/messages.js';
import { decisionsFor, markPaid, rejectWithReason, type Decision } from './decisions';
import { RejectForm } from './RejectForm';
import { useCan } from '../../api/me';
import type { StaffPermission } from '@rewards/contracts';

/** What each decision needs (the server checks it too): paying is the owner's, the review queue a moderator's. */
const NEEDS: Record<Decision['action']['kind'], StaffPermission> = {
  paid: 'withdrawals.pay',
  reject: 'withdrawals.pay',
  resolve: 'withdrawals.pay',
  decide: 'withdrawals.decide',
};

/**
 * The actions cell: a pending withdrawal is marked paid or rejected with a reason; one that waits for
 * the admin gets its two decisions; the rest show when they were paid.
 */
export function WithdrawalActions({
  w,
  busy,
  rejecting,
  onRejecting,
  onDecide,
}: {
  w: AdminWithdrawalRow;
  busy: boolean;
  /** The reason form of this row is open. */
  rejecting: boolean;
  onRejecting: (open: boolean) => void;
  onDecide: (decision: Decision) => void;
}) {
  const canPay = useCan('withdrawals.pay');
  const canDecide = useCan('withdrawals.decide');
  const allowed = (d: Decision) => (NEEDS[d.action.kind] === 'withdrawals.pay' ? canPay : canDecide);
  if (w.state === 'pending' && canPay) {
    if (rejecting) {
      return (
        <RejectForm
          busy={busy}
          onCancel={() => onRejecting(false)}
          onReject={(reason) => onDecide(rejectWithReason(w, reason))}
        />
      );
    }
    return (
      <div className="flex flex-wrap gap-2">
        <DecisionButton decision={markPaid(w)} busy={busy} onDecide={onDecide} />
        <RowButton variant="danger" disabled={busy} onClick={() => onRejecting(true)}>
          {m.admin_wd_reject()}
        </RowButton>
      </div>
    );
  }
  const decisions = w.state === 'pending' ? [] : decisionsFor(w).filter(allowed);
  if (decisions.length === 0) {
    return (
      <span className="text-xs text-slate-500">
        {w.paidAt ? m.admin_wd_paid_at({ when: formatDateTime(w.paidAt) }) : '—'}
      </span>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {decisions.map((decision) => (
        <DecisionButton
          key={decision.confirmation.confirm}
          decision={decision}
          busy={busy}
          onDecide={onDecide}
        />
      ))}
    </div>
  );
}

function DecisionButton({
  decision,
  busy,
  onDecide,
}: {
  decision: Decision;
  busy: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const { confirm, danger } = decision.confirmation;
  return (
    <RowButton variant={danger ? 'danger' : 'primary'} disabled={busy} onClick={() => onDecide(decision)}>
      {confirm}
    </RowButton>
  );
}
