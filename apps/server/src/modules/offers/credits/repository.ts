import { sql, type Kysely } from 'kysely';
import { firstRow, prepared } from '../../../db/prepared.ts';
import type { DB } from '../../../db/schema.ts';
import { OFFER_TRANSACTION_COLUMNS, type OfferTransactionsTable } from '../../../db/tables/offers.ts';
import type { Db } from '../../../db/database.ts';

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

const insertTransactionQuery = prepared(
  (
    db: Kysely<DB>,
    wallSlug: string,
    transId: string,
    userId: number,
    kind: NewOfferTransaction['kind'],
    amount: number | null,
    description: string,
    state: NewOfferTransaction['state'],
    releaseAt: string | null,
    now: string,
  ) =>
    db
      .insertInto('offer_transactions')
      .values({
        wall_slug: wallSlug,
        trans_id: transId,
        user_id: userId,
        kind,
        amount,
        description,
        state,
        release_at: releaseAt,
        credit_entry_id: null,
        reversal_entry_id: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['wall_slug', 'trans_id']).doNothing())
      .returning('id'),
);

/** Inserts the transaction's guard row unless it exists; returns the new id, or null when it existed. */
export async function insertTransactionOnce(db: Kysely<DB>, t: NewOfferTransaction): Promise<number | null> {
  const row = await firstRow(
    insertTransactionQuery(
      db,
      t.wallSlug,
      t.transId,
      t.userId,
      t.kind,
      t.amount,
      t.description,
      t.state,
      t.releaseAt,
      t.now,
    ),
  );
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

const setCreditEntryQuery = prepared((db: Kysely<DB>, id: number, entryId: number, now: string) =>
  db
    .updateTable('offer_transactions')
    .set({ credit_entry_id: entryId, updated_at: now })
    .where('id', '=', id),
);

export async function setCreditEntry(db: Kysely<DB>, id: number, entryId: number, now: string) {
  await setCreditEntryQuery(db, id, entryId, now);
}

export async function setReversalEntry(db: Kysely<DB>, id: number, entryId: number, now: string) {
  await db
    .updateTable('offer_transactions')
    .set({ reversal_entry_id: entryId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** held → credited, only if still held: the one release of a hold, whatever runs the sweep. */
export async function markCreditedIfHeld(db: Kysely<DB>, id: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('offer_transactions')
    .set({ state: 'credited', updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'held')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** held|credited → reversed, once. */
export async function markReversed(db: Kysely<DB>, id: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('offer_transactions')
    .set({ state: 'reversed', updated_at: now })
    .where('id', '=', id)
    .where('state', '<>', 'reversed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Holds whose time has come, oldest first. */
export async function listDueHolds(db: Db, now: string, limit: number, userId?: number) {
  let q = db
    .selectFrom('offer_transactions')
    .select(['id', 'user_id'])
    .where('state', '=', 'held')
    .where('release_at', '<=', now);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return q.orderBy('release_at').orderBy('id').limit(limit).execute();
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
