import { fromCents, levelOfCents, levelStatusOf, type LevelStatus } from '@rewards/contracts';
import { inTransaction } from '../../db/transaction.ts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Player } from '../auth/index.ts';
import { creditEarning, lockUser } from '../ledger/index.ts';
import { offerEarningsOf, offerEarningsOfMany } from '../offers/index.ts';
import * as repo from './repository.ts';

/** The ledger key of a level's reward to a player: one entry per player and level, ever. */
export const levelRewardKey = (userId: number, level: number) => `level:${userId}:${level}`;

/**
 * Pays the player the rewards of every level up to `level` they have not been paid. The fast path
 * (nothing due) is one indexed read outside any transaction. Otherwise, under the player's row lock
 * (which a provider's credit and reversal take too), it reads the experience again, so a reversal
 * that landed meanwhile is seen and a concurrent read that paid first is seen by its payment rows.
 * Each payment is a ledger entry keyed `level:<user>:<level>` and a payment row, in one transaction.
 */
async function payDueRewards(deps: Deps, userId: number, level: number): Promise<void> {
  if ((await repo.unpaidRewardsUpTo(deps.db, userId, level)).length === 0) return;
  await inTransaction(deps.db, async (trx) => {
    await lockUser(trx, userId);
    const reached = levelOfCents(await offerEarningsOf(trx, userId));
    const now = deps.clock.now().toISOString();
    for (const reward of await repo.unpaidRewardsUpTo(trx, userId, reached)) {
      const amount = Number(reward.amount);
      const result = await creditEarning(trx, deps, {
        userId,
        amount,
        kind: 'level',
        params: { level: reward.level },
        key: levelRewardKey(userId, reward.level),
        meta: { level: reward.level },
      });
      await repo.insertPayment(trx, { userId, level: reward.level, amount, entryId: result.entryId, now });
    }
  });
}

/**
 * The player's level and progress, after paying the rewards of the levels they have reached (banned
 * players are paid once unbanned). Called by the player's own reads: the profile and GET /api/level.
 */
export async function levelOf(deps: Deps, player: Pick<Player, 'id' | 'status'>): Promise<LevelStatus> {
  const cents = await offerEarningsOf(deps.db, player.id);
  const status = levelStatusOf(cents);
  if (player.status === 'active') await payDueRewards(deps, player.id, status.level);
  const next = await repo.nextRewardAbove(deps.db, status.level);
  return {
    ...status,
    nextReward: next ? { level: Number(next.level), amount: fromCents(Number(next.amount)) } : null,
  };
}

/** The levels of several players (the leaderboard's rows); nothing is paid. */
export async function levelsOf(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const earned = await offerEarningsOfMany(db, userIds);
  return new Map(userIds.map((id) => [id, levelOfCents(earned.get(id) ?? 0)]));
}

/** A player's level, experience and level rewards received, for their data export. */
export async function levelExport(db: Db, userId: number) {
  const cents = await offerEarningsOf(db, userId);
  const payments = await repo.paymentsOf(db, userId);
  return {
    level: levelOfCents(cents),
    experience: fromCents(cents),
    rewards: payments.map((p) => ({
      level: Number(p.level),
      amount: fromCents(Number(p.amount)),
      date: p.paid_at,
    })),
  };
}
