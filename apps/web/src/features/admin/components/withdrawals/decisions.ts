import type { AdminWithdrawalRow } from '@rewards/contracts';
import type { Confirmation } from '@/components/ui/ConfirmDialog';
import { formatRobux } from '@/lib/format';
import type { WithdrawalAction } from '../../api/withdrawals';

/**
 * One thing the admin can do to a withdrawal: the call, the question asked first (whose `confirm`
 * is also the row button's text) and the toast once it is done.
 */
export interface Decision {
  action: WithdrawalAction;
  confirmation: Confirmation;
  done: string;
}

function describe(w: AdminWithdrawalRow): string {
  const through =
    w.gamepassId === null
      ? `group payout to Roblox ${w.recipientId}`
      : `gamepass ${w.gamepassId}, price R$ ${w.price}`;
  return `withdrawal #${w.id} of ${formatRobux(w.robux)} to ${w.username} (${through})`;
}

/** What the admin checks on Roblox before saying it was paid. */
const paidProof = (w: AdminWithdrawalRow) =>
  w.gamepassId === null ? "the group's payouts show it" : 'the payout account owns the gamepass';

/** A pending withdrawal whose gamepass the admin bought by hand. */
export function markPaid(w: AdminWithdrawalRow): Decision {
  return {
    action: { kind: 'paid', id: w.id },
    confirmation: {
      title: 'Mark this withdrawal paid?',
      question: `Mark ${describe(w)} as paid? Do this only after ${w.gamepassId === null ? 'paying it from the group' : 'buying the gamepass'}.`,
      confirm: 'Mark paid',
    },
    done: `Withdrawal #${w.id} marked paid`,
  };
}

/** A pending withdrawal refused with a reason; the amount goes back. */
export function rejectWithReason(w: AdminWithdrawalRow, reason: string): Decision {
  return {
    action: { kind: 'reject', id: w.id, reason },
    confirmation: {
      title: 'Reject this withdrawal?',
      question: `Reject ${describe(w)}? The amount goes back to the player's balance.\n\nReason: ${reason}`,
      confirm: 'Reject and refund',
      danger: true,
    },
    done: `Withdrawal #${w.id} rejected and refunded`,
  };
}

/** The two choices on a withdrawal that waits for the admin (needs review, in review, held); none otherwise. */
export function decisionsFor(w: AdminWithdrawalRow): Decision[] {
  const id = w.id;
  if (w.state === 'needs_review') {
    return [
      {
        action: { kind: 'resolve', id, outcome: 'paid' },
        confirmation: {
          title: 'Resolve as paid?',
          question: `Resolve ${describe(w)} as paid? Confirm first that ${paidProof(w)}.`,
          confirm: 'Resolve as paid',
        },
        done: `Withdrawal #${id} resolved as paid`,
      },
      {
        action: { kind: 'resolve', id, outcome: 'refunded' },
        confirmation: {
          title: 'Resolve as refunded?',
          question: `Resolve ${describe(w)} as refunded? Confirm first that the gamepass was NOT bought; the amount goes back to the player.`,
          confirm: 'Resolve as refunded',
          danger: true,
        },
        done: `Withdrawal #${id} resolved as refunded`,
      },
    ];
  }
  if (w.state !== 'in_review' && w.state !== 'held') return [];
  const held = w.state === 'held';
  return [
    {
      action: { kind: 'decide', id, decision: 'approve' },
      confirmation: held
        ? {
            title: 'Pay despite the ban?',
            question: `Pay ${describe(w)} although ${w.username} is banned? It goes to payment and the ban no longer stops it.`,
            confirm: 'Pay anyway',
          }
        : {
            title: 'Approve this withdrawal?',
            question: `Approve ${describe(w)}? It goes to payment like any pending withdrawal.`,
            confirm: 'Approve',
          },
      done: held ? `Withdrawal #${id} goes to payment despite the ban` : `Withdrawal #${id} approved`,
    },
    {
      action: { kind: 'decide', id, decision: 'refund' },
      confirmation: {
        title: held ? 'Refund this withdrawal?' : 'Reject this withdrawal?',
        question: `${held ? 'Refund' : 'Reject'} ${describe(w)}? The amount goes back to the player's balance.`,
        confirm: held ? 'Refund' : 'Reject',
        danger: true,
      },
      done: `Withdrawal #${id} ${held ? 'refunded' : 'rejected and refunded'}`,
    },
  ];
}
