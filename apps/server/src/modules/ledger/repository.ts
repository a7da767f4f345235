import { sql } from 'kysely';
import { firstRow, prepared } from '../../db/prepared.ts';
import { quarterHourOf } from '../../db/time-buckets.ts';
import { LEDGER_ENTRY_COLUMNS } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

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

/** The sum of the balances below zero, in hundredths of R$, as the postings kept it (0 or negative). */
export async function negativeBalancesKept(db: Db): Promise<number> {
  const row = await db
    .selectFrom('ledger_totals')
    .select((eb) => eb.fn.sum<number>('negative_cents').as('cents'))
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}

/** The same sum, read from the balances themselves (the invariant's check of the kept one). */
export async function negativeBalancesRead(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.sum<number>('balance').as('cents'))
    .where('balance', '<', 0)
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}

const entryByKeyQuery = prepared((db: Db, key: string) =>
  db.selectFrom('ledger_entries').select(LEDGER_ENTRY_COLUMNS).where('idempotency_key', '=', key),
);

export async function findEntryByKey(db: Db, key: string) {
  return firstRow(entryByKeyQuery(db, key));
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
