import {
  createLevelRewardRequest,
  fromCents,
  toCents,
  updateLevelRewardRequest,
  type AdminLevelReward,
  type CreateLevelRewardRequest,
  type UpdateLevelRewardRequest,
} from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../shared/errors.ts';
import { parseInput } from '../../shared/parse-input.ts';
import { insertAudit } from '../audit/index.ts';
import * as repo from './repository.ts';
import { forgetRewardedLevels } from './rewards.ts';

interface RewardRow {
  level: number;
  amount: number;
  created_at: string;
  updated_at: string;
  paid?: number | string | null;
}

function toAdmin(row: RewardRow): AdminLevelReward {
  return {
    level: Number(row.level),
    amount: fromCents(Number(row.amount)),
    paid: Number(row.paid ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const noReward = () => notFound('No reward at that level.');
const target = (level: number) => `level:${level}`;

/** Admin: every level reward, lowest level first, with how many players were paid it. */
export async function listLevelRewards(deps: Deps): Promise<AdminLevelReward[]> {
  return (await repo.listRewards(deps.db)).map(toAdmin);
}

/**
 * Admin: attaches a one-time reward to a level. Players who reach the level later are paid by the
 * credit that takes them there; those already at or above it by the background sweep
 * (`sweepLevelRewards`, within a minute), not in this request (docs/levels.md).
 */
export async function createLevelReward(
  deps: Deps,
  input: CreateLevelRewardRequest,
  actor = 'admin',
): Promise<AdminLevelReward> {
  const { level, amount } = parseInput(createLevelRewardRequest, input);
  const now = deps.clock.now().toISOString();
  const created = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.insertReward(trx, level, toCents(amount), now)))
      throw conflict(`Level ${level} already has a reward.`);
    const created = toAdmin({ level, amount: toCents(amount), created_at: now, updated_at: now });
    await insertAudit(
      trx,
      { actor, action: 'level_reward.create', target: target(level), after: created },
      now,
    );
    return created;
  });
  forgetRewardedLevels(deps);
  return created;
}

/** Admin: a new amount for a level's reward; players already paid keep what they were paid. */
export async function updateLevelReward(
  deps: Deps,
  level: number,
  input: UpdateLevelRewardRequest,
  actor = 'admin',
): Promise<AdminLevelReward> {
  const { amount } = parseInput(updateLevelRewardRequest, input);
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.findReward(trx, level);
    if (!before) throw noReward();
    await repo.updateRewardAmount(trx, level, toCents(amount), now);
    const after = toAdmin({ ...before, amount: toCents(amount), updated_at: now });
    await insertAudit(
      trx,
      {
        actor,
        action: 'level_reward.update',
        target: target(level),
        before: { amount: fromCents(Number(before.amount)) },
        after: { amount: after.amount },
      },
      now,
    );
    return after;
  });
}

/**
 * Admin: removes a level's reward. Players paid it keep it; a reward made again at the same level is
 * not paid a second time to them (one payment per player and level).
 */
export async function deleteLevelReward(
  deps: Deps,
  level: number,
  actor = 'admin',
): Promise<AdminLevelReward> {
  const now = deps.clock.now().toISOString();
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const before = await repo.findReward(trx, level);
    if (!before || !(await repo.deleteReward(trx, level))) throw noReward();
    const deleted = toAdmin(before);
    await insertAudit(
      trx,
      { actor, action: 'level_reward.delete', target: target(level), before: deleted },
      now,
    );
    return deleted;
  });
  forgetRewardedLevels(deps);
  return deleted;
}
