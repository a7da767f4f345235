import { sql } from 'kysely';
import { connectionShard } from '../../db/engine-sql.ts';
import { firstRow, prepared } from '../../db/prepared.ts';
import { quarterHourOf } from '../../db/time-buckets.ts';
import { LEDGER_ENTRY_COLUMNS, type LedgerKind } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

export interface NewEntry {
  userId: number;
  amount: number;
  kind: LedgerKind;
  key: string;
  description: string;
  params: string;
  createdAt: string;
  meta?: string | null;
}

const insertEntryQuery = prepared(
  (
    db: Db,
    userId: number,
    amount: number,
    kind: LedgerKind,
    key: string,
    description: string,
    params: string,
    createdAt: string,
    meta: string | null,
  ) =>
    db
      .insertInto('ledger_entries')
      .values({
        user_id: userId,
        amount,
        kind,
        idempotency_key: key,
        description,
        params,
        created_at: createdAt,
        meta,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id'),
);

/** Inserts an entry unless its idempotency key exists; returns the new id, or null for a repeat. */
export async function insertEntryOnce(db: Db, e: NewEntry): Promise<number | null> {
  const row = await firstRow(
    insertEntryQuery(
      db,
      e.userId,
      e.amount,
      e.kind,
      e.key,
      e.description,
      e.params,
      e.createdAt,
      e.meta ?? null,
    ),
  );
  return row?.id ?? null;
}

const addToTotalsQuery = prepared((db: Db, kind: LedgerKind, credit: number, amount: number) =>
  db
    .insertInto('ledger_totals')
    .values({ kind, credit, shard: connectionShard(db), entries: 1, cents: amount })
    .onConflict((oc) =>
      oc.columns(['kind', 'credit', 'shard']).doUpdateSet({
        entries: sql`ledger_totals.entries + 1`,
        cents: sql`ledger_totals.cents + excluded.cents`,
      }),
    ),
);

/** Adds one new entry to the ledger's running totals (same transaction as the entry). */
export async function addToTotals(db: Db, kind: LedgerKind, amount: number): Promise<void> {
  await addToTotalsQuery(db, kind, amount > 0 ? 1 : 0, amount);
}

/** The whole ledger counted and summed by kind and sign, from the running totals: a few dozen rows. */
export async function readTotals(db: Db) {
  const rows = await db
    .selectFrom('ledger_totals')
    .select((eb) => [
      'kind',
      'credit',
      eb.fn.sum<number>('entries').as('entries'),
      eb.fn.sum<number>('cents').as('cents'),
    ])
    .groupBy(['kind', 'credit'])
    .orderBy('kind')
    .orderBy('credit')
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    credit: Number(r.credit) === 1,
    count: Number(r.entries),
    cents: Number(r.cents),
  }));
}

const entryByKeyQuery = prepared((db: Db, key: string) =>
  db.selectFrom('ledger_entries').select(LEDGER_ENTRY_COLUMNS).where('idempotency_key', '=', key),
);

export async function findEntryByKey(db: Db, key: string) {
  return firstRow(entryByKeyQuery(db, key));
}

/**
 * What a balance change answers with, read by the same statement: the new balance, and what the
 * referral commission needs to know whether to look further (most players have no referrer).
 */
const ACCOUNT_AFTER = ['balance', 'earnings', 'referred_by'] as const;

export interface AccountAfter {
  balance: number;
  earnings: number;
  referredBy: number | null;
}

function accountAfter(row: { balance: number; earnings: number; referred_by: number | null } | undefined) {
  return row
    ? {
        balance: Number(row.balance),
        earnings: Number(row.earnings),
        referredBy: row.referred_by === null ? null : Number(row.referred_by),
      }
    : null;
}

const addToBalanceQuery = prepared(
  (db: Db, userId: number, amount: number, earningsDelta: number, offersDelta: number) =>
    db
      .updateTable('users')
      .set({
        balance: sql`balance + ${amount}`,
        earnings: sql`earnings + ${earningsDelta}`,
        offers_completed: sql`offers_completed + ${offersDelta}`,
      })
      .where('id', '=', userId)
      .returning(ACCOUNT_AFTER),
);

/**
 * Adds to the cached balance (and to the offers-completed count); returns the account after it, or
 * null when the user does not exist.
 */
export async function addToBalance(
  db: Db,
  userId: number,
  amount: number,
  earningsDelta: number,
  offersDelta: number,
): Promise<AccountAfter | null> {
  return accountAfter(await firstRow(addToBalanceQuery(db, userId, amount, earningsDelta, offersDelta)));
}

const debitIfCoveredQuery = prepared((db: Db, userId: number, amount: number, earningsDelta: number) =>
  db
    .updateTable('users')
    .set({ balance: sql`balance - ${amount}`, earnings: sql`earnings + ${earningsDelta}` })
    .where('id', '=', userId)
    .where('balance', '>=', amount)
    .returning(ACCOUNT_AFTER),
);

/**
 * The one statement that can take money out: it only matches while the balance covers the
 * amount, so concurrent debits can never overspend, whatever the engine or process count.
 */
export async function debitIfCovered(
  db: Db,
  userId: number,
  amount: number,
  earningsDelta: number,
): Promise<AccountAfter | null> {
  return accountAfter(await firstRow(debitIfCoveredQuery(db, userId, amount, earningsDelta)));
}

/** Users whose cached balance differs from the sum of their entries. */
export async function findBalanceMismatches(db: Db) {
  const sums = db
    .selectFrom('ledger_entries')
    .select(['user_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .groupBy('user_id')
    .as('s');
  const rows = await db
    .selectFrom('users as u')
    .leftJoin(sums, 's.user_id', 'u.id')
    .select(['u.id', 'u.balance', 's.total'])
    .where(sql<boolean>`u.balance <> coalesce(s.total, 0)`)
    .execute();
  return rows.map((r) => ({ userId: r.id, balance: Number(r.balance), ledgerSum: Number(r.total ?? 0) }));
}

export async function listEntriesForUser(db: Db, userId: number, limit: number, beforeId?: number) {
  let q = db
    .selectFrom('ledger_entries')
    .select(['id', 'amount', 'kind', 'description', 'params', 'created_at', 'meta'])
    .where('user_id', '=', userId);
  if (beforeId) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** The highest ledger entry id (0 for an empty ledger). */
export async function lastEntryId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Entries with `afterId < id <= throughId` (all after `afterId` when `throughId` is omitted), counted
 * and summed by UTC quarter hour (`at`, its start), kind and sign (credit: a positive amount). The
 * caller adds the quarters up into site days. The id range makes it a
 * primary-key range read.
 */
export async function sumEntriesBetween(db: Db, afterId: number, throughId?: number) {
  const { hour, quarter, startOf } = quarterHourOf('created_at');
  const credit = sql<number>`case when amount > 0 then 1 else 0 end`;
  const rows = await db
    .selectFrom('ledger_entries')
    .select((eb) => [
      hour.as('hour'),
      quarter.as('quarter'),
      'kind',
      credit.as('credit'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('amount').as('total'),
    ])
    .where('id', '>', afterId)
    .$if(throughId !== undefined, (q) => q.where('id', '<=', throughId!))
    .groupBy([hour, quarter, 'kind', credit])
    .execute();
  return rows.map((r) => ({
    at: startOf(r),
    kind: r.kind,
    credit: Number(r.credit) === 1,
    count: Number(r.n),
    cents: Number(r.total ?? 0),
  }));
}
