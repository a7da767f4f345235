import type { Kysely } from 'kysely';

/**
 * Browsers that signed in to the admin console: the keyed hash of the random value of their
 * `console_browser` cookie (never the value), who signed in with it (`staff_id`, null for the
 * ADMIN_PASSWORD sign-in), when, and how many attempts they made while the site-wide brake on wrong
 * admin passwords was on (`tries` since `tries_since`). Such a browser is not held back by the brake,
 * whatever its address, when it signs in as the same one again (modules/admin/console-browsers.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('console_browsers')
    .addColumn('browser_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
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
  // Each sign-in keeps only the newest browsers of its staff member (or of ADMIN_PASSWORD).
  await db.schema
    .createIndex('console_browsers_staff_id_idx')
    .on('console_browsers')
    .columns(['staff_id', 'signed_in_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Dropping the table drops its indexes.
  await db.schema.dropTable('console_browsers').execute();
}
