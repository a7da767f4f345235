import { sql, type Kysely } from 'kysely';
import { idColumn } from '../migration-helpers.ts';

/**
 * Limits where they belong:
 * - each player session carries its own verification sentence, so another session's Refresh never
 *   changes the sentence its owner is putting in the bio; live sessions take the account's sentence;
 * - wrong admin passwords are recorded for a site-wide count (every address together), and one row
 *   remembers whether the owner was alerted for the current episode.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('verification_code', 'text').execute();
  await sql`
    update sessions set verification_code =
      (select u.verification_code from users u where u.id = sessions.user_id)
    where revoked_at is null`.execute(db);

  await idColumn(db, db.schema.createTable('admin_login_failures'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_login_failures_at_idx')
    .on('admin_login_failures')
    .column('at')
    .execute();

  await db.schema
    .createTable('admin_login_guard')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('alerted_at', 'text')
    .addColumn('slot_at', 'text')
    .execute();
  await db.insertInto('admin_login_guard').values({ id: 1, alerted_at: null }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_login_guard').execute();
  await db.schema.dropTable('admin_login_failures').execute();
  await db.schema.alterTable('sessions').dropColumn('verification_code').execute();
}
