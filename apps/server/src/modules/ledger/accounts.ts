import { sql, type Kysely } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import { preparedRowLock } from '../../db/engine-sql.ts';
import type { DB } from '../../db/schema.ts';

/**
 * Takes the account's row lock (PostgreSQL; SQLite runs one writer at a time anyway). Every
 * transaction that touches a player's provider transactions takes it first, so a credit, its hold
 * release, its reversal and the referral commissions of that player run one after the other and
 * always lock rows in the same order (player, then referrer): no lost update, no deadlock.
 */
export const lockUser: (trx: Kysely<DB>, userId: number) => Promise<void> = preparedRowLock(
  (trx: Kysely<DB>, userId: number) => trx.selectFrom('users').select('id').where('id', '=', userId),
);

type Counter = 'offers_completed' | 'referrals_earned';

const bumpCounterQuery = (column: Counter) =>
  prepared((trx: Kysely<DB>, userId: number, delta: number) => {
    const ref = sql.ref(column);
    return trx
      .updateTable('users')
      .set({ [column]: sql`case when ${ref} + ${delta} < 0 then 0 else ${ref} + ${delta} end` })
      .where('id', '=', userId);
  });
const bumpCounterQueries = {
  offers_completed: bumpCounterQuery('offers_completed'),
  referrals_earned: bumpCounterQuery('referrals_earned'),
};

/** `users.<column> + delta`, never below zero. */
export async function bumpCounter(
  trx: Kysely<DB>,
  userId: number,
  column: Counter,
  delta: number,
): Promise<void> {
  await bumpCounterQueries[column](trx, userId, delta);
}
