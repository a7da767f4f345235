import { sql } from 'kysely';
import { groupedLookup } from '../../../db/grouped-calls.ts';
import { firstRow, prepared } from '../../../db/prepared.ts';
import type { Guard } from '../../ledger/index.ts';
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

/**
 * The first claim ever: inserts the row unless a concurrent claim did. A guard of the claim's credit
 * (ledger `creditEarningWhen`): the row and the credit are written together, or neither.
 */
export const firstStreak: Guard<[userId: number, day: number, claimDay: string, at: string]> = (
  q,
  { keyFree },
  userId,
  day,
  claimDay,
  at,
) =>
  q
    .insertInto('streaks')
    .columns(['user_id', 'day', 'last_claim_day', 'updated_at'])
    .expression(
      q
        .selectNoFrom((eb) => [
          eb.val(userId).as('user_id'),
          eb.val(day).as('day'),
          eb.val(claimDay).as('last_claim_day'),
          eb.val(at).as('updated_at'),
        ])
        .where(keyFree),
    )
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id');

/**
 * Moves the streak on, but only from the state the caller read: a concurrent claim that got there
 * first makes this match no row, so two claims can never both advance it. A guard of the claim's
 * credit, like `firstStreak`.
 */
export const advanceStreak: Guard<
  [userId: number, fromDay: number, fromClaimDay: string, day: number, claimDay: string, at: string]
> = (q, { keyFree }, userId, fromDay, fromClaimDay, day, claimDay, at) =>
  q
    .updateTable('streaks')
    .set({ day, last_claim_day: claimDay, updated_at: at })
    .where('user_id', '=', userId)
    .where('day', '=', fromDay)
    .where('last_claim_day', '=', fromClaimDay)
    .where(keyFree)
    .returning('user_id');

/**
 * Whether the player ever claimed a daily reward: the first claim writes the streak row, and later
 * claims, gaps and new cycles only change it.
 */
export async function hasClaimedDaily(db: Db, userId: number): Promise<boolean> {
  return (await findStreak(db, userId)) !== undefined;
}
