import type { Transaction } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { DB } from '../../../db/schema.ts';

type Db = Database | Transaction<DB>;

export async function findStreak(db: Db, userId: number) {
  return db.selectFrom('streaks').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The first claim ever: inserts the row unless a concurrent claim did; true when this one did. */
export async function insertStreakOnce(db: Db, userId: number, day: number, claimDay: string, at: string) {
  const row = await db
    .insertInto('streaks')
    .values({ user_id: userId, day, last_claim_day: claimDay, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Moves the streak on, but only from the state the caller read: a concurrent claim that got there
 * first makes this match no row (false), so two claims can never both advance it.
 */
export async function advanceStreak(
  db: Db,
  userId: number,
  from: { day: number; lastClaimDay: string },
  to: { day: number; claimDay: string; at: string },
) {
  const result = await db
    .updateTable('streaks')
    .set({ day: to.day, last_claim_day: to.claimDay, updated_at: to.at })
    .where('user_id', '=', userId)
    .where('day', '=', from.day)
    .where('last_claim_day', '=', from.lastClaimDay)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
