import { fromCents, levelOfCents, levelStatusOf, type LevelStatus } from '@rewards/contracts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Player } from '../auth/index.ts';
import * as repo from './repository.ts';

/**
 * The player's level, their progress and the next reward above it: a read, nothing paid (the rewards
 * are paid where experience changes, `rewards.ts`). Called by the profile and GET /api/level.
 */
export async function levelOf(deps: Deps, player: Pick<Player, 'id'>): Promise<LevelStatus> {
  const status = levelStatusOf(await repo.experienceOf(deps.db, player.id));
  const next = await repo.nextRewardAbove(deps.db, status.level);
  return {
    ...status,
    nextReward: next ? { level: Number(next.level), amount: fromCents(Number(next.amount)) } : null,
  };
}

/** The levels of several players (the leaderboard's rows). */
export async function levelsOf(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const earned = await repo.experienceOfMany(db, userIds);
  return new Map(userIds.map((id) => [id, levelOfCents(earned.get(id) ?? 0)]));
}

/** A player's level, experience and level rewards received, for their data export. */
export async function levelExport(db: Db, userId: number) {
  const cents = await repo.experienceOf(db, userId);
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
