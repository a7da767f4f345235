import { sql, type Kysely } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/*
 * Experience: what players have earned from offers and surveys, net of reversals, in hundredths of
 * R$: the sum of their provider transactions in state `credited`. A credit is `credited` once paid
 * (at once, or when its hold passes) and becomes `reversed` when the provider takes it back, so a held
 * credit and a reversed one count nothing. Each sum reads the (user_id, state) index of
 * offer_transactions, the table the offers module writes.
 */

/** One player's experience. */
export async function experienceOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('offer_transactions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
    .where('user_id', '=', userId)
    .where('state', '=', 'credited')
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The same for several players at once (a leaderboard's rows): players with none are left out. */
export async function experienceOfMany(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('offer_transactions')
    .select((eb) => ['user_id', eb.fn.sum<number>('amount').as('total')])
    .where('user_id', 'in', userIds)
    .where('state', '=', 'credited')
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.total ?? 0)]));
}

// Level 0 is no level (levels start at 1, rewards at 2): that row carries the experience.
const experienceAndPaidQuery = prepared((db: Db, userId: number) =>
  db
    .selectFrom('offer_transactions')
    .select((eb) => [
      sql<number>`0`.as('level'),
      eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('cents'),
    ])
    .where('user_id', '=', userId)
    .where('state', '=', 'credited')
    .unionAll(
      db
        .selectFrom('level_reward_payments')
        .select(['level', sql<number>`0`.as('cents')])
        .where('user_id', '=', userId),
    ),
);

/**
 * A player's experience and the levels whose reward they were paid, in one round trip: what a credit
 * checks before it pays anything (both read an index on the player).
 */
export async function experienceAndPaidLevels(db: Db, userId: number) {
  const { rows } = await experienceAndPaidQuery(db, userId);
  let experience = 0;
  const paid = new Set<number>();
  for (const r of rows) {
    if (Number(r.level) === 0) experience = Number(r.cents);
    else paid.add(Number(r.level));
  }
  return { experience, paid };
}

/** The levels that carry a reward, lowest first (what each process keeps for a while). */
export async function rewardedLevels(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('level_rewards').select('level').orderBy('level').execute();
  return rows.map((r) => Number(r.level));
}

/** Rewards not yet paid to the players who were already past their level when they were made. */
export async function unsweptRewards(db: Db) {
  return db
    .selectFrom('level_rewards')
    .select(['level', 'created_at'])
    .where('swept_at', 'is', null)
    .orderBy('level')
    .execute();
}

/**
 * Active players with at least `startCents` of experience who have no payment for `level`, in id
 * order: one grouped pass over the credited provider transactions.
 */
export async function activePlayersPastUnpaid(db: Db, level: number, startCents: number): Promise<number[]> {
  const rows = await db
    .selectFrom('offer_transactions as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select('t.user_id')
    .where('t.state', '=', 'credited')
    .where('u.status', '=', 'active')
    .where('u.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('level_reward_payments as p')
            .select(sql<number>`1`.as('one'))
            .whereRef('p.user_id', '=', 't.user_id')
            .where('p.level', '=', level),
        ),
      ),
    )
    .groupBy('t.user_id')
    .having((eb) => eb.fn.sum<number>('t.amount'), '>=', startCents)
    .orderBy('t.user_id')
    .execute();
  return rows.map((r) => Number(r.user_id));
}

/** Marks a reward swept, unless it was deleted (and perhaps made again) since the pass read it. */
export async function markSwept(db: Db, level: number, createdAt: string, now: string): Promise<void> {
  await db
    .updateTable('level_rewards')
    .set({ swept_at: now })
    .where('level', '=', level)
    .where('created_at', '=', createdAt)
    .execute();
}

/** Whether the player may be paid (active, not deleted), read under their row lock before a payment. */
export async function mayBePaid(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select(['status', 'deleted_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.status === 'active' && row.deleted_at === null;
}

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
