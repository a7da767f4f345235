import {
  type AdminWithdrawalRow,
  type AdminWithdrawalsQuery,
  type AdminWithdrawalsResponse,
  type DecideWithdrawalRequest,
  openWithdrawalStates,
} from '@rewards/contracts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';
import type { Deps } from '../../deps.ts';
import { conflict, forbidden, notFound } from '../../shared/errors.ts';
import { insertAudit } from '../audit/index.ts';
import { notifyDiscord, plain, type NotifyLog } from '../../shared/discord.ts';
import * as repo from './repository.ts';
import type { ApproveLimit } from '../../shared/approve-limit.ts';
import { sumRequestedSince } from './player-history-repository.ts';
import { parseReasons } from './review-rules.ts';
import { refundInTransaction } from './refund.ts';
import { toRow } from './admin-row.ts';
import { holdOne } from './ban-holds.ts';

/**
 * The admin console's side of payouts: the queue, mark paid, reject (refund), resolve needs_review,
 * decide on withdrawals in review or held. What the rules see of a player is in user-money.ts, a
 * ban's holds in ban-holds.ts.
 */

const ACTOR = 'admin';

export async function listWithdrawals(
  deps: Deps,
  q: Partial<AdminWithdrawalsQuery> = {},
): Promise<AdminWithdrawalsResponse> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 25;
  const state = !q.state || q.state === 'all' ? null : q.state;
  const [{ rows, total }, waiting] = await Promise.all([
    repo.listWithUsers(deps.db, state, pageSize, (page - 1) * pageSize),
    repo.withdrawalsByState(deps.db, openWithdrawalStates),
  ]);
  return {
    withdrawals: rows.map((r) => toRow(r, deps.env.ROBLOX_PAYOUT_GROUP_ID)),
    total,
    page,
    pageSize,
    waiting,
  };
}

interface AdminChange {
  id: number;
  from: WithdrawalState[];
  to: 'paid' | 'refunded' | 'pending';
  action: string;
  reason?: string;
  neverAttempted?: boolean;
  payDespiteBan?: boolean;
  /** Mark paid by hand: a banned player's withdrawal goes to `held` instead, unless paid anyway. */
  stopIfBanned?: boolean;
  /** Extra facts for the audit row's `before`. */
  auditBefore?: Record<string, unknown>;
}

/**
 * One conditional state change, its refund when refunded, and its audit row, in one transaction:
 * of two admins (or an admin and the worker) acting at once, exactly one succeeds.
 */
async function change(
  deps: Deps,
  c: AdminChange,
  log?: NotifyLog,
): Promise<{ withdrawal: AdminWithdrawalRow }> {
  const now = deps.clock.now().toISOString();
  const applied = await deps.db.transaction().execute(async (trx) => {
    if (c.stopIfBanned) {
      const w = await repo.findById(trx, c.id);
      if (
        w &&
        c.from.includes(w.state) &&
        w.pay_despite_ban !== 1 &&
        (await repo.userStatus(trx, w.user_id)) === 'banned'
      ) {
        const held = await holdOne(trx, { id: w.id, state: w.state }, now);
        return held ? ('held' as const) : null;
      }
    }
    const row = await repo.transition(trx, {
      id: c.id,
      from: c.from,
      to: c.to,
      now,
      // An approval starts the payout afresh: the note goes to the audit row only.
      ...(c.to === 'pending' ? { lastError: null } : c.reason !== undefined ? { lastError: c.reason } : {}),
      ...(c.neverAttempted ? { neverAttempted: true } : {}),
      ...(c.payDespiteBan ? { payDespiteBan: true } : {}),
    });
    if (!row) return null;
    if (c.to === 'refunded')
      await refundInTransaction(trx, deps.clock, row, c.reason ?? 'Rejected by an admin');
    await insertAudit(
      trx,
      {
        actor: ACTOR,
        action: c.action,
        target: `withdrawal:${c.id}`,
        before: { state: c.from.length === 1 ? c.from[0] : c.from, ...c.auditBefore },
        after: { state: c.to, ...(c.reason !== undefined ? { reason: c.reason } : {}) },
      },
      now,
    );
    return row;
  });
  const current = await repo.findWithUser(deps.db, c.id);
  if (!current) throw notFound('Withdrawal not found.');
  if (applied === 'held') {
    throw conflict(
      `${current.username} is banned: withdrawal #${c.id} was not marked paid and is now held. Under Held, pay it anyway or refund it.`,
    );
  }
  if (!applied && c.neverAttempted && current.state === c.from[0] && current.purchase_attempts > 0) {
    throw conflict(
      `Withdrawal #${c.id} had a purchase attempt whose outcome is unknown; it cannot be rejected. It goes to review if the retries fail.`,
    );
  }
  if (!applied) {
    throw conflict(
      `Withdrawal #${c.id} is ${current.state.replace('_', ' ')}; it can no longer be changed this way.`,
    );
  }
  void notifyDiscord(
    deps.env,
    c.to === 'paid'
      ? `✅ Withdrawal #${c.id} marked paid by an admin: R$ ${current.robux} to **${plain(current.username)}**.`
      : c.to === 'pending'
        ? `👍 Withdrawal #${c.id} approved by an admin (R$ ${current.robux} to **${plain(current.username)}**${c.payDespiteBan ? ', paid although the player is banned' : ''}): it goes to payment.`
        : `↩️ Withdrawal #${c.id} refunded by an admin (R$ ${current.robux} back to **${plain(current.username)}**): ${c.reason ?? ''}`,
    log,
  );
  return { withdrawal: toRow(current, deps.env.ROBLOX_PAYOUT_GROUP_ID) };
}

/**
 * Manual payout: the admin bought the gamepass by hand. Only a pending withdrawal, and not one of a
 * banned player (it goes to `held` instead, unless an admin chose to pay it anyway).
 */
export function markWithdrawalPaid(deps: Deps, id: number, log?: NotifyLog) {
  return change(
    deps,
    { id, from: ['pending'], to: 'paid', action: 'withdrawal.paid', stopIfBanned: true },
    log,
  );
}

/** Refuses a pending withdrawal; the amount goes back to the player through the ledger. */
export function rejectWithdrawal(deps: Deps, id: number, reason: string, log?: NotifyLog) {
  // A withdrawal whose purchase attempt had an unclear outcome may already be paid on Roblox:
  // refunding it could pay twice, so it is left to the worker's retries and then needs_review.
  return change(
    deps,
    { id, from: ['pending'], to: 'refunded', action: 'withdrawal.reject', reason, neverAttempted: true },
    log,
  );
}

/**
 * Settles a withdrawal the worker could not: `paid` when the payout account does own the pass,
 * `refunded` when it does not (the admin checked its inventory).
 */
export function resolveNeedsReview(
  deps: Deps,
  id: number,
  outcome: 'paid' | 'refunded',
  note?: string,
  log?: NotifyLog,
) {
  return change(
    deps,
    {
      id,
      from: ['needs_review'],
      to: outcome,
      action: `withdrawal.resolve_${outcome}`,
      ...(outcome === 'refunded'
        ? { reason: note || 'Resolved by an admin: not bought' }
        : note
          ? { reason: note }
          : {}),
    },
    log,
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A limited role (a moderator) approves a withdrawal only if it, and the player's 24-hour total with
 * it, stay within the role's limit. The total is the one REVIEW_ABOVE judged it by (review-rules.ts):
 * what the player asked for in the 24 hours up to this withdrawal, refunded (rejected) ones left out,
 * this one included. Otherwise splitting R$ 2,000 into four R$ 500 requests, the later ones reviewed
 * for the 24-hour total, would let a moderator approve every piece.
 */
async function checkApproveLimit(
  deps: Deps,
  w: { id: number; user_id: number; robux: number; created_at: string },
  limit: ApproveLimit,
) {
  if (w.robux > limit.robux) {
    throw forbidden(
      `Your role (${limit.role}) can approve withdrawals up to R$ ${limit.robux}; this one is R$ ${w.robux}. Ask an owner.`,
    );
  }
  const since = new Date(new Date(w.created_at).getTime() - DAY_MS).toISOString();
  const total = await sumRequestedSince(deps.db, w.user_id, since, w.id);
  if (total > limit.robux) {
    throw forbidden(
      `Your role (${limit.role}) can approve withdrawals up to R$ ${limit.robux} a player in 24 hours; this one is R$ ${w.robux}, and the player's withdrawals in the 24 hours up to it total R$ ${total}. Ask an owner.`,
    );
  }
}

/**
 * The admin's decision on a withdrawal in review (a review rule applied) or held (the player was
 * banned): `approve` sends it to payment (`pending`, paid like any other; a held one is then not
 * stopped by the ban again), `refund` gives the amount back to the player's balance. One conditional
 * change, its refund and its audit row in one transaction: a repeated or concurrent decision finds the
 * state changed and is refused, so each applies exactly once.
 */
export async function decideWithdrawal(
  deps: Deps,
  id: number,
  input: DecideWithdrawalRequest,
  log?: NotifyLog,
  approveLimit?: ApproveLimit,
) {
  const w = await repo.findById(deps.db, id);
  if (!w) throw notFound('Withdrawal not found.');
  if (input.decision === 'approve' && approveLimit) await checkApproveLimit(deps, w, approveLimit);
  if (w.state !== 'in_review' && w.state !== 'held') {
    throw conflict(
      `Withdrawal #${id} is ${w.state.replace('_', ' ')}: only a withdrawal under review or held can be approved or refunded here.`,
    );
  }
  const reasons = parseReasons(w.review_reasons).map((r) => r.code);
  const note = input.note || undefined;
  const held = w.state === 'held';
  const approve = input.decision === 'approve';
  const base = { id, from: [w.state], auditBefore: { reviewReasons: reasons } };
  const decision: AdminChange = approve
    ? {
        ...base,
        to: 'pending',
        action: held ? 'withdrawal.held_pay_anyway' : 'withdrawal.review_approve',
        ...(note !== undefined ? { reason: note } : {}),
        ...(held ? { payDespiteBan: true } : {}),
      }
    : {
        ...base,
        to: 'refunded',
        action: held ? 'withdrawal.held_refund' : 'withdrawal.review_reject',
        reason: note ?? (held ? 'Refunded: the player is banned' : 'Rejected after review by an admin'),
      };
  return change(deps, decision, log);
}
