import type { Kysely } from 'kysely';
import { idColumn } from '../migration-helpers.ts';

/**
 * What a race board needs to follow its standings by changes rather than by recounting every player
 * (docs/decisions/0037-race-board-by-changes.md):
 *
 * - `offer_reversals`: one row each time a provider transaction that counted (held or credited) is
 *   reversed. A new transaction is seen by its id in `offer_transactions`; a reversal changes an
 *   existing row, so it is written here too, by id, in the reversal's own transaction. Append-only;
 *   reversals are rare, so this costs the postback path nothing on credits.
 * - an index on `users.status`, so that reading the banned players (a few among many) on each
 *   refresh of the board costs the banned rows, not the whole table.
 *
 * `down` drops both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('offer_reversals'))
    .addColumn('transaction_id', 'integer', (c) => c.notNull().references('offer_transactions.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_status_idx').on('users').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_status_idx').execute();
  await db.schema.dropTable('offer_reversals').execute();
}
