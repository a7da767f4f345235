import type { Kysely } from 'kysely';

/**
 * `users.deleted_at`: when the player (or staff on their request) deleted the account. The row stays,
 * pseudonymised, so its ledger and withdrawals still add up in the operator's totals.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
