import type { Kysely } from 'kysely';

/**
 * - `staff.totp_last_step`: the 30-second step of the last TOTP code accepted, so a code seen over a
 *   shoulder or replayed from a log cannot sign in again within its window;
 * - an index on the audit log's actor, which the console filters by (`?actor=`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff').addColumn('totp_last_step', 'bigint').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_actor_idx').execute();
  await db.schema.alterTable('staff').dropColumn('totp_last_step').execute();
}
