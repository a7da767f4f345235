import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

/**
 * A posting's balance update changes no indexed column of `users`, so PostgreSQL makes it in place
 * (a heap-only update: no new entry in any of the table's indexes, and the old row version pruned
 * from its page). `users_earnings_idx` goes: the leaderboard, cached 5 s per process, reads the table.
 * `users_negative_balance_idx` goes: the sum of the balances below zero is kept by the postings in
 * `ledger_totals.negative_cents` (each adds what it moved that sum by), starting here from the
 * balances as they are. `users` leaves a tenth of each page free for the new row versions.
 * `ledger_created_idx` goes too: no query reads the ledger by time (the economics read the quarter
 * hours' figures, and a range of entries by id).
 *
 * `down` puts the indexes back and drops the column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_earnings_idx').execute();
  await db.schema.dropIndex('users_negative_balance_idx').execute();
  await db.schema.dropIndex('ledger_created_idx').execute();
  if (isPostgres(db)) await sql`alter table users set (fillfactor = 90)`.execute(db);
  await db.schema
    .alterTable('ledger_totals')
    .addColumn('negative_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // The balances below zero today, on one row (an admin debit's, which every reader adds up).
  await sql`insert into ledger_totals (kind, credit, shard, entries, cents, negative_cents)
    select 'admin', 0, 0, 0, 0, sum(balance) from users where balance < 0 having count(*) > 0
    on conflict (kind, credit, shard) do update set negative_cents = excluded.negative_cents`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ledger_totals').dropColumn('negative_cents').execute();
  if (isPostgres(db)) await sql`alter table users reset (fillfactor)`.execute(db);
  await db.schema.createIndex('ledger_created_idx').on('ledger_entries').column('created_at').execute();
  await db.schema
    .createIndex('users_negative_balance_idx')
    .on('users')
    .column('balance')
    .where(sql.ref('balance'), '<', 0)
    .execute();
  await db.schema.createIndex('users_earnings_idx').on('users').column('earnings').execute();
}
