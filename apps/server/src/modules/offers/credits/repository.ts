import { sql, type Compilable, type Kysely, type SqlBool } from 'kysely';
import { forUpdate } from '../../../db/engine-sql.ts';
import { firstRow, prepared } from '../../../db/prepared.ts';
import type { DB } from '../../../db/schema.ts';
import { OFFER_TRANSACTION_COLUMNS, type OfferTransactionsTable } from '../../../db/tables/offers.ts';
import type { Db } from '../../../db/database.ts';
import type { Guard, PostingRecord } from '../../ledger/index.ts';

export interface NewOfferTransaction {
  wallSlug: string;
  transId: string;
  userId: number;
  kind: OfferTransactionsTable['kind'];
  amount: number | null;
  description: string;
  state: OfferTransactionsTable['state'];
  releaseAt: string | null;
  now: string;
}

type GuardArgs = [
  wallSlug: string,
  transId: string,
  userId: number,
  kind: NewOfferTransaction['kind'],
  amount: number | null,
  description: string,
  state: NewOfferTransaction['state'],
  releaseAt: string | null,
  now: string,
];

/**
 * The transaction's guard row, inserted unless it exists (nothing is returned then, or when the
 * player does not exist). It takes the player's row lock (PostgreSQL) with it: the lock is the first
 * thing every transaction on a player's provider transactions takes (ledger `lockUser`), and here it
 * rides on the guard row's own statement, read `for update` before the insert and kept when the row
 * existed. As the guard of a credit (ledger `creditWhen`) it notes the credit's entry as it goes in.
 */
export const creditGuard: Guard<GuardArgs> = (
  db,
  { keyFree, entryId },
  wallSlug,
  transId,
  userId,
  kind,
  amount,
  description,
  state,
  releaseAt,
  now,
) =>
  db
    .insertInto('offer_transactions')
    .columns([
      'wall_slug',
      'trans_id',
      'user_id',
      'kind',
      'amount',
      'description',
      'state',
      'release_at',
      'credit_entry_id',
      'reversal_entry_id',
      'created_at',
      'updated_at',
    ])
    .expression(
      forUpdate(
        db,
        db
          .selectFrom('users')
          .select((eb) => [
            eb.val(wallSlug).as('wall_slug'),
            eb.val(transId).as('trans_id'),
            'id',
            eb.val(kind).as('kind'),
            eb.val(amount).as('amount'),
            eb.val(description).as('description'),
            eb.val(state).as('state'),
            eb.val(releaseAt).as('release_at'),
            sql<number | null>`${entryId}`.as('credit_entry_id'),
            sql<null>`null`.as('reversal_entry_id'),
            eb.val(now).as('created_at'),
            eb.val(now).as('updated_at'),
          ])
          .where('id', '=', userId)
          .where(keyFree),
      ),
    )
    .onConflict((oc) => oc.columns(['wall_slug', 'trans_id']).doNothing())
    .returning('id');

/** The guard's arguments, in order. */
export const guardArgs = (t: NewOfferTransaction): GuardArgs => [
  t.wallSlug,
  t.transId,
  t.userId,
  t.kind,
  t.amount,
  t.description,
  t.state,
  t.releaseAt,
  t.now,
];

const insertTransactionQuery = prepared(
  (db: Kysely<DB>, ...args: GuardArgs) =>
    creditGuard(db, { keyFree: sql<SqlBool>`1 = 1`, entryId: sql<number>`null` }, ...args) as Compilable<{
      id: number;
    }>,
);

/**
 * The guard row alone (`creditGuard`), for a transaction that posts nothing now: a held credit, a
 * reversal. Returns the new id, or null when it existed (or the player does not).
 */
export async function insertTransactionOnce(db: Kysely<DB>, t: NewOfferTransaction): Promise<number | null> {
  const row = await firstRow(insertTransactionQuery(db, ...guardArgs(t)));
  return row?.id ?? null;
}

export async function findTransaction(db: Db, wallSlug: string, transId: string) {
  return db
    .selectFrom('offer_transactions')
    .select(OFFER_TRANSACTION_COLUMNS)
    .where('wall_slug', '=', wallSlug)
    .where('trans_id', '=', transId)
    .executeTakeFirst();
}

/** The deleted account a transaction of the wall went to, or null (no such transaction, or a live account's). */
export async function deletedAccountOfTransaction(db: Db, wallSlug: string, transId: string) {
  const row = await db
    .selectFrom('offer_transactions as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select('u.id')
    .where('t.wall_slug', '=', wallSlug)
    .where('t.trans_id', '=', transId)
    .where('u.deleted_at', 'is not', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The account's held credits, given up with the account: never released, no longer owed. */
export async function forfeitHolds(db: Kysely<DB>, userId: number, now: string): Promise<void> {
  await db
    .updateTable('offer_transactions')
    .set({ state: 'forfeited', updated_at: now })
    .where('user_id', '=', userId)
    .where('state', '=', 'held')
    .execute();
}

/** A credit that arrives after its reversal: note what it would have paid (once), pay nothing. */
export async function fillAmountOfReversed(
  db: Kysely<DB>,
  id: number,
  amount: number,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable('offer_transactions')
    .set({ amount, updated_at: now })
    .where('id', '=', id)
    .where('amount', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * The transaction notes its credit's ledger entry: the record of its posting (ledger `postRecorded`),
 * written with it.
 */
export const noteCreditEntry: PostingRecord<[id: number, now: string]> = (q, entryId, applied, id, now) =>
  q
    .updateTable('offer_transactions')
    .set({ credit_entry_id: entryId, updated_at: now })
    .where('id', '=', id)
    .where(applied)
    .returning('id');

/** `noteCreditEntry` on its own, for a credit whose entry existed already. */
export async function setCreditEntry(db: Kysely<DB>, id: number, entryId: number, now: string) {
  await db.executeQuery(noteCreditEntry(db, sql.val(entryId), sql<SqlBool>`1 = 1`, id, now).compile());
}

export async function setReversalEntry(db: Kysely<DB>, id: number, entryId: number, now: string) {
  await db
    .updateTable('offer_transactions')
    .set({ reversal_entry_id: entryId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * held → credited, only if still held and its player is not banned (a banned player earns nothing;
 * the hold is paid if the ban is lifted): the one release of a hold, whatever runs the sweep.
 */
export async function markCreditedIfHeld(db: Kysely<DB>, id: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('offer_transactions')
    .set({ state: 'credited', updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'held')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('users')
          .select('users.id')
          .whereRef('users.id', '=', 'offer_transactions.user_id')
          .where('users.status', '<>', 'banned'),
      ),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * held|credited → reversed, once, with the reversal's row in `offer_reversals` (in the caller's
 * transaction): a race board reads those by id to learn that the player's standing went down.
 */
export async function markReversed(db: Kysely<DB>, id: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('offer_transactions')
    .set({ state: 'reversed', updated_at: now })
    .where('id', '=', id)
    .where('state', '<>', 'reversed')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  await db
    .insertInto('offer_reversals')
    .columns(['transaction_id', 'user_id', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('offer_transactions')
        .select(['id', 'user_id', eb.val(now).as('created_at')])
        .where('id', '=', id),
    )
    .execute();
  return true;
}

/** Holds whose time has come, oldest first. */
export async function listDueHolds(db: Db, now: string, limit: number, userId?: number) {
  let q = db
    .selectFrom('offer_transactions as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id'])
    .where('t.state', '=', 'held')
    .where('t.release_at', '<=', now)
    .where('u.status', '<>', 'banned');
  if (userId !== undefined) q = q.where('t.user_id', '=', userId);
  return q.orderBy('t.release_at').orderBy('t.id').limit(limit).execute();
}

const holdByIdQuery = prepared((db: Db, id: number) =>
  db
    .selectFrom('offer_transactions as t')
    .innerJoin('walls as w', 'w.slug', 't.wall_slug')
    .select(['t.id', 't.wall_slug', 't.trans_id', 't.user_id', 't.kind', 't.amount', 'w.name as wall_name'])
    .where('t.id', '=', id),
);

/** A held credit as its release posts it: the transaction and its wall's name. */
export async function findHoldById(db: Db, id: number) {
  return firstRow(holdByIdQuery(db, id));
}

/** Sum of a player's credits still on hold, in hundredths. */
export async function sumHeld(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('offer_transactions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
    .where('user_id', '=', userId)
    .where('state', '=', 'held')
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
