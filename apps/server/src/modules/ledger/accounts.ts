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

type Counter = 'offers_completed' | 'referrals_earned' | 'earnings';

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
  earnings: bumpCounterQuery('earnings'),
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

/*
 * The balance an account gave up when it was deleted stays its cover against later reversals of
 * what it had earned by then (`users.forfeit_cover`, in hundredths, for entries before
 * `forfeit_cover_through`, the last forfeit's entry): had it stayed, that balance would have absorbed
 * them. Such a reversal takes from the cover first and debits only the rest, so the account that
 * comes back (decision 0043) owes what it would have owed, and no more. What it earns after coming
 * back is not covered.
 */

/** Adds a deletion's given-up balance (its forfeit entry `entryId`) to the account's cover. */
export async function addForfeitCover(
  trx: Kysely<DB>,
  userId: number,
  cents: number,
  entryId: number,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ forfeit_cover: sql`forfeit_cover + ${cents}`, forfeit_cover_through: entryId })
    .where('id', '=', userId)
    .execute();
}

/**
 * Of `cents` a reversal of entry `reverses` takes from the account, the part its cover takes (the
 * cover is used up by as much; nothing for an entry after the last forfeit). Under the account's lock.
 */
export async function coveredByForfeit(
  trx: Kysely<DB>,
  userId: number,
  cents: number,
  reverses: number,
): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select(['forfeit_cover', 'forfeit_cover_through'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row || reverses >= Number(row.forfeit_cover_through)) return 0;
  const used = Math.min(Math.max(0, Number(row.forfeit_cover)), cents);
  if (used <= 0) return 0;
  await trx
    .updateTable('users')
    .set({ forfeit_cover: sql`forfeit_cover - ${used}` })
    .where('id', '=', userId)
    .execute();
  return used;
}
