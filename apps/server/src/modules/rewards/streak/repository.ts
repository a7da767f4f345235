import { sql } from 'kysely';
import { groupedLookup } from '../../../db/grouped-calls.ts';
import { changedRows, firstRow, prepared } from '../../../db/prepared.ts';
import type { Db } from '../../../db/database.ts';
import { STREAK_COLUMNS } from '../../../db/tables/rewards.ts';

const streakQuery = prepared((db: Db, userId: number) =>
  db.selectFrom('streaks').select(STREAK_COLUMNS).where('user_id', '=', userId),
);

const streaksQuery = prepared((db: Db, userIds: number[]) =>
  db
    .selectFrom('streaks')
    .select(STREAK_COLUMNS)
    .where('user_id', '=', sql<number>`any(${userIds})`),
);

/** A player's streak row; on PostgreSQL, outside a transaction, those of one moment share one query. */
export const findStreak = groupedLookup(
  (userId: number) => userId,
  (db: Db, userId) => firstRow(streakQuery(db, userId)),
  async (db, userIds) =>
    (await streaksQuery(db, userIds)).rows.map((row) => ({ key: Number(row.user_id), row })),
);

const insertStreakQuery = prepared((db: Db, userId: number, day: number, claimDay: string, at: string) =>
  db
    .insertInto('streaks')
    .values({ user_id: userId, day, last_claim_day: claimDay, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id'),
);

/** The first claim ever: inserts the row unless a concurrent claim did; true when this one did. */
export async function insertStreakOnce(db: Db, userId: number, day: number, claimDay: string, at: string) {
  return Boolean(await firstRow(insertStreakQuery(db, userId, day, claimDay, at)));
}

const advanceStreakQuery = prepared(
  (
    db: Db,
    userId: number,
    fromDay: number,
    fromClaimDay: string,
    day: number,
    claimDay: string,
    at: string,
  ) =>
    db
      .updateTable('streaks')
      .set({ day, last_claim_day: claimDay, updated_at: at })
      .where('user_id', '=', userId)
      .where('day', '=', fromDay)
      .where('last_claim_day', '=', fromClaimDay),
);

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
  const changed = await changedRows(
    advanceStreakQuery(db, userId, from.day, from.lastClaimDay, to.day, to.claimDay, to.at),
  );
  return changed === 1;
}

/**
 * Whether the player ever claimed a daily reward: the first claim writes the streak row, and later
 * claims, gaps and new cycles only change it.
 */
export async function hasClaimedDaily(db: Db, userId: number): Promise<boolean> {
  return (await findStreak(db, userId)) !== undefined;
}
