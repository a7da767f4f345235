import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/** Level rewards, lowest level first, with how many players were paid each (one level's, if given). */
export async function listRewards(db: Db, level?: number) {
  let q = db.selectFrom('level_rewards as r').select((eb) => [
    'r.level',
    'r.amount',
    'r.created_at',
    'r.updated_at',
    eb
      .selectFrom('level_reward_payments as p')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('p.level', '=', 'r.level')
      .as('paid'),
  ]);
  if (level !== undefined) q = q.where('r.level', '=', level);
  return q.orderBy('r.level').execute();
}

/** One level's reward, with how many players were paid it. */
export async function findReward(db: Db, level: number) {
  return (await listRewards(db, level))[0];
}

/** Inserts a level's reward unless the level has one; returns whether it did. */
export async function insertReward(db: Db, level: number, amount: number, now: string): Promise<boolean> {
  const rows = await db
    .insertInto('level_rewards')
    .values({ level, amount, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('level').doNothing())
    .returning('level')
    .execute();
  return rows.length > 0;
}

export async function updateRewardAmount(db: Db, level: number, amount: number, now: string) {
  await db.updateTable('level_rewards').set({ amount, updated_at: now }).where('level', '=', level).execute();
}

export async function deleteReward(db: Db, level: number): Promise<boolean> {
  const r = await db.deleteFrom('level_rewards').where('level', '=', level).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The rewards of levels up to `level` this player has not been paid, lowest first. */
export async function unpaidRewardsUpTo(db: Db, userId: number, level: number) {
  return db
    .selectFrom('level_rewards as r')
    .select(['r.level', 'r.amount'])
    .where('r.level', '<=', level)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('level_reward_payments as p')
            .select(sql<number>`1`.as('one'))
            .where('p.user_id', '=', userId)
            .whereRef('p.level', '=', 'r.level'),
        ),
      ),
    )
    .orderBy('r.level')
    .execute();
}

/** The lowest level above `level` that carries a reward. */
export async function nextRewardAbove(db: Db, level: number) {
  return db
    .selectFrom('level_rewards')
    .select(['level', 'amount'])
    .where('level', '>', level)
    .orderBy('level')
    .limit(1)
    .executeTakeFirst();
}

/** Records a player's payment of a level's reward, in the transaction that posted its entry (once). */
export async function insertPayment(
  trx: Kysely<DB>,
  p: { userId: number; level: number; amount: number; entryId: number; now: string },
): Promise<void> {
  await trx
    .insertInto('level_reward_payments')
    .values({ user_id: p.userId, level: p.level, amount: p.amount, entry_id: p.entryId, paid_at: p.now })
    .onConflict((oc) => oc.columns(['user_id', 'level']).doNothing())
    .execute();
}

/** A player's level rewards received, oldest first (their data export). */
export async function paymentsOf(db: Db, userId: number) {
  return db
    .selectFrom('level_reward_payments')
    .select(['level', 'amount', 'paid_at'])
    .where('user_id', '=', userId)
    .orderBy('paid_at')
    .orderBy('level')
    .execute();
}
