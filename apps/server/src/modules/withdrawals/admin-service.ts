import {
  gamepassLink,
  type AdminWithdrawalRow,
  type AdminWithdrawalsQuery,
  type AdminWithdrawalsResponse,
} from '@rewards/contracts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';
import type { Deps } from '../../shared/deps.ts';
import { conflict, notFound } from '../../shared/errors.ts';
import { insertAudit } from '../audit/repository.ts';
import { notifyDiscord, plain, type NotifyLog } from './discord.ts';
import * as repo from './repository.ts';
import { refundInTransaction } from './service.ts';

/** The admin console's side of payouts: the queue, mark paid, reject (refund), resolve needs_review. */

const ACTOR = 'admin';

type JoinedRow = NonNullable<Awaited<ReturnType<typeof repo.findWithUser>>>;

function toRow(r: JoinedRow): AdminWithdrawalRow {
  return {
    id: r.id,
    userId: r.user_id,
    username: r.username,
    robloxId: Number(r.roblox_id),
    gamepassId: Number(r.gamepass_id),
    gamepassUrl: gamepassLink(Number(r.gamepass_id)),
    robux: r.robux,
    price: r.price,
    state: r.state,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    paidAt: r.paid_at,
  };
}

export async function listWithdrawals(
  deps: Deps,
  q: Partial<AdminWithdrawalsQuery> = {},
): Promise<AdminWithdrawalsResponse> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 25;
  const state = !q.state || q.state === 'all' ? null : q.state;
  const { rows, total } = await repo.listWithUsers(deps.db, state, pageSize, (page - 1) * pageSize);
  return { withdrawals: rows.map(toRow), total, page, pageSize };
}

interface AdminChange {
  id: number;
  from: WithdrawalState[];
  to: 'paid' | 'refunded';
  action: string;
  reason?: string;
  neverAttempted?: boolean;
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
    const row = await repo.transition(trx, {
      id: c.id,
      from: c.from,
      to: c.to,
      now,
      ...(c.reason !== undefined ? { lastError: c.reason } : {}),
      ...(c.neverAttempted ? { neverAttempted: true } : {}),
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
        before: { state: c.from.length === 1 ? c.from[0] : c.from },
        after: { state: c.to, ...(c.reason !== undefined ? { reason: c.reason } : {}) },
      },
      now,
    );
    return row;
  });
  const current = await repo.findWithUser(deps.db, c.id);
  if (!current) throw notFound('Withdrawal not found.');
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
      : `↩️ Withdrawal #${c.id} refunded by an admin (R$ ${current.robux} back to **${plain(current.username)}**): ${c.reason ?? ''}`,
    log,
  );
  return { withdrawal: toRow(current) };
}

/** Manual payout: the admin bought the gamepass by hand. Only a pending withdrawal. */
export function markWithdrawalPaid(deps: Deps, id: number, log?: NotifyLog) {
  return change(deps, { id, from: ['pending'], to: 'paid', action: 'withdrawal.paid' }, log);
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
