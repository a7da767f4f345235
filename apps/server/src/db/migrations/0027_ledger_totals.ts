import { sql, type Kysely } from 'kysely';

/**
 * `ledger_totals`: the whole ledger counted and summed by kind and sign, kept up to date by the
 * statement that posts each entry (ledger/repository.ts), so `/metrics` reads the site's money
 * figures from a few dozen rows instead of summing every entry at each scrape
 * (docs/decisions/0029-standard-metrics.md).
 *
 * A row per `shard` as well: on PostgreSQL each connection adds to the rows of its own shard (its
 * backend's pid modulo a small number), so concurrent postings of one kind do not queue on a single
 * row until they commit. SQLite writes one transaction at a time and uses shard 0 only. Readers add
 * the shards up. The rows of the entries written before this step go to shard 0.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_totals')
    .addColumn('kind', 'text', (c) => c.notNull())
    // 1 for entries with a positive amount (credits), 0 for the others.
    .addColumn('credit', 'integer', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('entries', 'bigint', (c) => c.notNull())
    .addColumn('cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_totals_pk', ['kind', 'credit', 'shard'])
    .execute();
  await sql`insert into ledger_totals (kind, credit, shard, entries, cents)
    select kind, case when amount > 0 then 1 else 0 end, 0, count(*), sum(amount)
    from ledger_entries
    group by kind, case when amount > 0 then 1 else 0 end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ledger_totals').execute();
}
