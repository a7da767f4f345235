import type { Kysely } from 'kysely';

/**
 * Sign in with Roblox hands the browser a one-time code, not the session token (which would sit in a
 * URL): `oauth_flows.finish_hash` is the hash of that code, `user_id` the account the callback proved,
 * `finished_at` when the page traded the code for a session (once).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('oauth_flows').addColumn('user_id', 'integer').execute();
  await db.schema.alterTable('oauth_flows').addColumn('finish_hash', 'text').execute();
  await db.schema.alterTable('oauth_flows').addColumn('finished_at', 'text').execute();
  await db.schema
    .createIndex('oauth_flows_finish_hash_uidx')
    .unique()
    .on('oauth_flows')
    .column('finish_hash')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('oauth_flows_finish_hash_uidx').execute();
  await db.schema.alterTable('oauth_flows').dropColumn('finished_at').execute();
  await db.schema.alterTable('oauth_flows').dropColumn('finish_hash').execute();
  await db.schema.alterTable('oauth_flows').dropColumn('user_id').execute();
}
