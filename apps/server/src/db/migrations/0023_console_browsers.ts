import type { Kysely } from 'kysely';

/**
 * Browsers that signed in to the admin console: the keyed hash of the random value of their
 * `console_browser` cookie (never the value), when they last signed in, and how many attempts they
 * made while the site-wide brake on wrong admin passwords was on (`tries` since `tries_since`). Such a
 * browser is not held back by the brake whatever its address (modules/admin/console-browsers.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('console_browsers')
    .addColumn('browser_hash', 'text', (c) => c.primaryKey())
    .addColumn('signed_in_at', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tries_since', 'text')
    .execute();
  // The retention task removes browsers that have not signed in for SIGN_IN_SIGNAL_DAYS.
  await db.schema
    .createIndex('console_browsers_signed_in_at_idx')
    .on('console_browsers')
    .column('signed_in_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('console_browsers').execute();
}
