import type { Kysely } from 'kysely';

/**
 * `retired_roblox_ids.user_id`: the deleted account a retired Roblox id had, so that the Roblox
 * account signing up again gets that account back (docs/decisions/0043): a deletion does not reset
 * one-time rewards, a day's claim or a debt. Ids retired before keep none (null) and sign up anew.
 *
 * `login_proofs.sealed_roblox_id`: the Roblox id whose bio a proof is checked in, when its account
 * does not carry it (a deleted account asked back by typing the name), sealed with the proof's token
 * (auth/sealed-roblox-id.ts); null: the account's own.
 *
 * `down` drops the two columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('retired_roblox_ids').addColumn('user_id', 'integer').execute();
  await db.schema.alterTable('login_proofs').addColumn('sealed_roblox_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_proofs').dropColumn('sealed_roblox_id').execute();
  await db.schema.alterTable('retired_roblox_ids').dropColumn('user_id').execute();
}
