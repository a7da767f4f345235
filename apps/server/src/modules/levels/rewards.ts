import { levelOfCents, levelStartCents } from '@rewards/contracts';
import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Deps } from '../../deps.ts';
import { creditEarning, lockUser } from '../ledger/index.ts';
import * as repo from './repository.ts';

/** The ledger key of a level's reward to a player: one entry per player and level, ever. */
export const levelRewardKey = (userId: number, level: number) => `level:${userId}:${level}`;

/**
 * How long a process keeps the list of rewarded levels before reading it again. The console's
 * changes clear it at once in the process that made them; other processes see them within this
 * time, and the sweep below pays whoever a stale list passed over.
 */
export const REWARD_LIST_TTL_MS = 10_000;

/** How often the sweep looks for new rewards to pay to players already past their level. */
export const LEVEL_REWARD_SWEEP_MS = 60_000;

interface RewardList {
  levels: number[] | null;
  at: number;
  loading: Promise<number[]> | null;
}

// One list per database (tests open several apps in one process).
const lists = new WeakMap<Database, RewardList>();

function listOf(db: Database): RewardList {
  let list = lists.get(db);
  if (!list) lists.set(db, (list = { levels: null, at: 0, loading: null }));
  return list;
}

/** The rewarded levels, lowest first, read at most once per REWARD_LIST_TTL_MS per process. */
async function rewardedLevels(deps: Deps): Promise<number[]> {
  const list = listOf(deps.db);
  const now = deps.clock.now().getTime();
  if (list.levels && now - list.at < REWARD_LIST_TTL_MS && now >= list.at) return list.levels;
  if (list.loading) return list.loading;
  const loading = repo.rewardedLevels(deps.db).then((levels) => {
    // A change cleared the list while this read was in flight: keep nothing read before it.
    if (list.loading === loading) Object.assign(list, { levels, at: now });
    return levels;
  });
  list.loading = loading;
  return loading.finally(() => {
    if (list.loading === loading) list.loading = null;
  });
}

/** Forgets this process's list of rewarded levels: the console changed a reward. */
export function forgetRewardedLevels(deps: Deps): void {
  lists.set(deps.db, { levels: null, at: 0, loading: null });
}

/**
 * Pays the player the rewards of every level they have reached and were not paid, in one
 * transaction: under the player's row lock (which a provider's credit, hold release and reversal
 * take too) it reads their status and experience again, so a reversal that landed meanwhile is seen
 * and a concurrent payment that committed first is seen by its payment rows. Each payment is a ledger
 * entry keyed `level:<user>:<level>` and a `level_reward_payments` row. Banned and deleted accounts
 * are paid nothing. Returns how many rewards it paid.
 */
export async function payDueRewards(deps: Deps, userId: number): Promise<number> {
  return inTransaction(deps.db, async (trx) => {
    await lockUser(trx, userId);
    if (!(await repo.mayBePaid(trx, userId))) return 0;
    const reached = levelOfCents(await repo.experienceOf(trx, userId));
    const now = deps.clock.now().toISOString();
    const due = await repo.unpaidRewardsUpTo(trx, userId, reached);
    for (const reward of due) {
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
    return due.length;
  });
}

/**
 * Called just after a provider's credit to the player committed (a postback, an approved held
 * postback, a hold that passed): pays the rewards of the levels it took them to. Without level
 * rewards this reads nothing (the list is in memory); with some, one query reads the player's
 * experience and the levels already paid, and only a reward due opens a transaction. It looks at
 * every level reached, not only the one just crossed, so had the process stopped between a credit
 * and its reward, the player's next credit pays it.
 */
export async function payLevelRewardsAfterCredit(deps: Deps, userId: number): Promise<void> {
  const levels = await rewardedLevels(deps);
  if (levels.length === 0) return;
  const { experience, paid } = await repo.experienceAndPaidLevels(deps.db, userId);
  const reached = levelOfCents(experience);
  if (levels.some((level) => level <= reached && !paid.has(level))) await payDueRewards(deps, userId);
}

/**
 * The background pass for rewards the operator added: pays each new reward to the active players
 * already past its level (one grouped read of the provider transactions per new reward, then one
 * payment transaction per player). A reward counts as swept only after a pass that started twice
 * REWARD_LIST_TTL_MS after it was made, so a credit in another process whose list did not yet
 * show the reward is seen by that pass. With nothing new, a pass is one read of `level_rewards`.
 * Safe to run twice at once (each payment is keyed per player and level). Returns how many rewards
 * it paid.
 */
export async function sweepLevelRewards(deps: Deps, stopping?: AbortSignal): Promise<number> {
  const started = deps.clock.now();
  let paid = 0;
  for (const reward of await repo.unsweptRewards(deps.db)) {
    const level = Number(reward.level);
    for (const userId of await repo.activePlayersPastUnpaid(deps.db, level, levelStartCents(level))) {
      if (stopping?.aborted) return paid;
      paid += await payDueRewards(deps, userId);
    }
    if (started.getTime() - Date.parse(reward.created_at) >= 2 * REWARD_LIST_TTL_MS) {
      await repo.markSwept(deps.db, level, reward.created_at, started.toISOString());
    }
  }
  return paid;
}
