import { sql, type Kysely } from 'kysely';

/**
 * The operator's economics (docs/decisions/0033-operator-economics.md).
 *
 * - `economics_quarters`: the ledger counted and summed by UTC quarter hour, kind and sign, and the
 *   offer walls' completions, USD and reversals by quarter hour, so the console reads a period's
 *   money from a few rows per day instead of summing entries. Each posting adds its entry in its own
 *   statement (ledger `posting-repository.ts`, as the running totals of 0027); the postback log adds
 *   its figures when it records a credit or a reversal. On PostgreSQL each connection adds to its own shard (its backend's pid
 *   modulo 64, as for the running totals of 0027), so concurrent postings of one kind, or postbacks
 *   of one wall, do not queue on one row until they commit.
 * - `economics_days`: the same figures by site day, where the console moves quarter hours once they
 *   are past, so a month reads about thirty rows per kind.
 * - `robux_costs`: what one Robux costs the operator from a site day on (millionths of USD), set in
 *   the console; days before the first row use ROBUX_COST_USD.
 * - `economics_alerts`: the warning episodes under way, so each is told to Discord once.
 * - `postbacks.usd_micros`: the USD payout the provider reported, in millionths.
 * - Indexes for what is owed and paid: negative balances, paid withdrawals by time.
 *
 * The entries already written are counted into the quarter hours here. `down` removes it all.
 */
const FIGURES = [
  'events',
  'cents',
  'usd_micros',
  'reversals',
  'reversed_cents',
  'reversed_usd_micros',
  'reversal_seconds',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  let quarters = db.schema
    .createTable('economics_quarters')
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('quarter', 'integer', (c) => c.notNull())
    // `credit` or `debit` (a ledger entry's sign; `name` its kind), or `wall` (`name` its slug).
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull());
  for (const f of FIGURES) quarters = quarters.addColumn(f, 'bigint', (c) => c.notNull().defaultTo(0));
  await quarters
    .addPrimaryKeyConstraint('economics_quarters_pk', ['hour', 'quarter', 'source', 'name', 'shard'])
    .execute();

  let days = db.schema
    .createTable('economics_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull());
  for (const f of FIGURES) days = days.addColumn(f, 'bigint', (c) => c.notNull().defaultTo(0));
  await days.addPrimaryKeyConstraint('economics_days_pk', ['day', 'source', 'name']).execute();

  await db.schema
    .createTable('robux_costs')
    .addColumn('effective_from', 'text', (c) => c.primaryKey())
    .addColumn('micro_usd', 'integer', (c) => c.notNull())
    .addColumn('set_by', 'text', (c) => c.notNull())
    .addColumn('set_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('economics_alerts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('since', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('postbacks').addColumn('usd_micros', 'bigint').execute();
  await db.schema
    .createIndex('users_negative_balance_idx')
    .on('users')
    .column('balance')
    .where(sql.ref('balance'), '<', 0)
    .execute();
  await db.schema.createIndex('withdrawals_paid_idx').on('withdrawals').column('paid_at').execute();

  const hour = sql`substr(created_at, 1, 13)`;
  const quarter = sql`cast(substr(created_at, 15, 2) as integer) / 15`;
  const source = sql`case when amount > 0 then 'credit' else 'debit' end`;
  await sql`insert into economics_quarters (hour, quarter, source, name, shard, events, cents)
    select ${hour}, ${quarter}, ${source}, kind, 0, count(*), sum(amount)
    from ledger_entries
    group by ${hour}, ${quarter}, ${source}, kind`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('withdrawals_paid_idx').execute();
  await db.schema.dropIndex('users_negative_balance_idx').execute();
  await db.schema.alterTable('postbacks').dropColumn('usd_micros').execute();
  for (const t of ['economics_alerts', 'robux_costs', 'economics_days', 'economics_quarters'])
    await db.schema.dropTable(t).execute();
}
