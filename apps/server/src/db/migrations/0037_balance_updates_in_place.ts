import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

/**
 * A posting's balance update changes no indexed column of `users`, so PostgreSQL makes it in place
 * (a heap-only update: no new entry in any of the table's indexes, and the old row version pruned
 * from its page): `users_earnings_idx` and `users_negative_balance_idx` go (the leaderboard and the
 * economics' sum of negative balances read the table, a few times a minute, instead of every posting
 * writing eight index entries), and `users` leaves a tenth of each page free for the new versions.
 * `ledger_created_idx` goes too: no query reads the ledger by time (the economics read the quarter
 * hours' figures, and a range of entries by id).
 *
 * `down` puts the indexes back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_earnings_idx').execute();
  await db.schema.dropIndex('users_negative_balance_idx').execute();
  await db.schema.dropIndex('ledger_created_idx').execute();
  if (isPostgres(db)) await sql`alter table users set (fillfactor = 90)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
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
