import type { Kysely } from 'kysely';

/**
 * `sessions.device_hash` and `sessions.address_hash`: the keyed hashes of the device id and address a
 * session was opened from (as `sign_in_signals` keeps them). A typed name records no signals on the
 * account; when the session later proves the account (its sentence found in the bio, whoever pressed
 * Check), they are recorded then. Sessions from before have none.
 *
 * `down` drops the two columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('device_hash', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('address_hash', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('address_hash').execute();
  await db.schema.alterTable('sessions').dropColumn('device_hash').execute();
}
