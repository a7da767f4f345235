import type { AdminWithdrawalRow } from '@rewards/contracts';
import type { Confirmation } from '@/components/ui/ConfirmDialog';
import { formatCount, formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';
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
      ? m.admin_wd_through_group({ recipient: w.recipientId })
      : m.admin_wd_through_gamepass({ gamepass: w.gamepassId, price: formatCount(w.price) });
  return m.admin_wd_describe({ id: w.id, amount: formatRobux(w.robux), username: w.username, through });
}

/** What the admin checks on Roblox before saying it was paid. */
const paidProof = (w: AdminWithdrawalRow) =>
  w.gamepassId === null ? m.admin_wd_proof_group() : m.admin_wd_proof_gamepass();

/** A pending withdrawal whose gamepass the admin bought by hand. */
export function markPaid(w: AdminWithdrawalRow): Decision {
  const withdrawal = describe(w);
  return {
    action: { kind: 'paid', id: w.id },
    confirmation: {
      title: m.admin_wd_paid_title(),
      question:
        w.gamepassId === null
          ? m.admin_wd_paid_question_group({ withdrawal })
          : m.admin_wd_paid_question_gamepass({ withdrawal }),
      confirm: m.admin_wd_paid_confirm(),
    },
    done: m.admin_wd_paid_done({ id: w.id }),
  };
}

/** A pending withdrawal refused with a reason; the amount goes back. */
export function rejectWithReason(w: AdminWithdrawalRow, reason: string): Decision {
  return {
    action: { kind: 'reject', id: w.id, reason },
    confirmation: {
      title: m.admin_wd_reject_title(),
      question: m.admin_wd_reject_reason_question({ withdrawal: describe(w), reason }),
      confirm: m.admin_wd_reject_confirm(),
      danger: true,
    },
    done: m.admin_wd_reject_done({ id: w.id }),
  };
}

/** The two choices on a withdrawal that waits for the admin (needs review, in review, held); none otherwise. */
export function decisionsFor(w: AdminWithdrawalRow): Decision[] {
  const id = w.id;
  const withdrawal = describe(w);
  if (w.state === 'needs_review') {
    return [
      {
        action: { kind: 'resolve', id, outcome: 'paid' },
        confirmation: {
          title: m.admin_wd_resolve_paid_title(),
          question: m.admin_wd_resolve_paid_question({ withdrawal, proof: paidProof(w) }),
          confirm: m.admin_wd_resolve_paid_confirm(),
        },
        done: m.admin_wd_resolve_paid_done({ id }),
      },
      {
        action: { kind: 'resolve', id, outcome: 'refunded' },
        confirmation: {
          title: m.admin_wd_resolve_refunded_title(),
          question: m.admin_wd_resolve_refunded_question({ withdrawal }),
          confirm: m.admin_wd_resolve_refunded_confirm(),
          danger: true,
        },
        done: m.admin_wd_resolve_refunded_done({ id }),
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
            title: m.admin_wd_despite_ban_title(),
            question: m.admin_wd_despite_ban_question({ withdrawal, username: w.username }),
            confirm: m.admin_wd_despite_ban_confirm(),
          }
        : {
            title: m.admin_wd_approve_title(),
            question: m.admin_wd_approve_question({ withdrawal }),
            confirm: m.admin_wd_approve_confirm(),
          },
      done: held ? m.admin_wd_despite_ban_done({ id }) : m.admin_wd_approve_done({ id }),
    },
    {
      action: { kind: 'decide', id, decision: 'refund' },
      confirmation: held
        ? {
            title: m.admin_wd_refund_title(),
            question: m.admin_wd_refund_question({ withdrawal }),
            confirm: m.admin_wd_refund_confirm(),
            danger: true,
          }
        : {
            title: m.admin_wd_reject_title(),
            question: m.admin_wd_reject_question({ withdrawal }),
            confirm: m.admin_wd_reject(),
            danger: true,
          },
      done: held ? m.admin_wd_refund_done({ id }) : m.admin_wd_reject_done({ id }),
    },
  ];
}
