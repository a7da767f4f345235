import { fromCents, openWithdrawalStates, type AdminUserMoneyResponse } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../shared/errors.ts';
import { pendingRobuxOf } from '../offers/index.ts';
import { findUserById } from '../users/index.ts';
import * as history from './player-history-repository.ts';
import { parseReasons } from './review-rules.ts';
import { reversalShareOf, withdrawalBlockOf } from './withdrawal-blocks.ts';

/** GET /api/admin/users/{id}/money: what the withdrawal rules see of a player, with the figures. */
export async function userMoney(deps: Deps, userId: number): Promise<AdminUserMoneyResponse> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound('User not found.');
  const [share, pendingRobux, paid, open] = await Promise.all([
    reversalShareOf(deps, userId),
    pendingRobuxOf(deps, userId),
    history.countPaidForUser(deps.db, userId),
    history.listOpenForUser(deps.db, userId, openWithdrawalStates),
  ]);
  // Read after the holds were released above: the balance as it is now.
  const balance = Number((await findUserById(deps.db, userId))?.balance ?? user.balance);
  return {
    userId,
    status: user.status,
    verified: user.verified === 1,
    balance: fromCents(balance),
    pendingRobux,
    reversals: share,
    blocked: await withdrawalBlockOf(deps, { id: userId, balance }, share),
    paidWithdrawals: paid,
    open: open.map((w) => ({
      id: w.id,
      robux: w.robux,
      state: w.state,
      reviewReasons: parseReasons(w.review_reasons),
      lastError: w.last_error,
      createdAt: w.created_at,
    })),
  };
}
