import type { Kysely } from 'kysely';

/**
 * `retired_roblox_ids`: the Roblox ids of deleted accounts, each only as a keyed hash (HMAC-SHA256
 * with the signal key, modules/signals). CPX Research signs a postback's transaction id with the
 * function its survey frame signs a player's id with, so a transaction id equal to a Roblox id that
 * ever had an account is refused; once the account is deleted its Roblox id is gone from `users`,
 * and this table keeps the refusal. Nothing else is stored: no time, no account, so a row does not
 * point back to the pseudonymised account it came from.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('retired_roblox_ids')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('retired_roblox_ids').execute();
}
