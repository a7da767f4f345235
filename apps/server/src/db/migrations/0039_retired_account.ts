import { sql, type Kysely } from 'kysely';

/**
 * `retired_roblox_ids.user_id`: the deleted account a retired Roblox id had, so that the Roblox
 * account signing up again gets that account back (docs/decisions/0043): a deletion does not reset
 * one-time rewards, a day's claim or a debt. Ids retired before keep none (null) and sign up anew.
 *
 * `login_proofs.sealed_roblox_id`: the Roblox id whose bio a proof is checked in, when its account
 * does not carry it (a deleted account asked back by typing the name), sealed with the proof's token
 * (auth/sealed-roblox-id.ts); null: the account's own.
 *
 * `users.forfeit_cover`: what of the balance given up with a deletion still covers later reversals
 * of what the account earned (ledger `reverseEarning`), in hundredths. Accounts deleted before get
 * the balance they gave up.
 *
 * `down` drops the three columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('retired_roblox_ids').addColumn('user_id', 'integer').execute();
  await db.schema.alterTable('login_proofs').addColumn('sealed_roblox_id', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('forfeit_cover', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set forfeit_cover = coalesce((
      select -sum(e.amount) from ledger_entries e where e.user_id = users.id and e.kind = 'forfeit'
    ), 0) where deleted_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('forfeit_cover').execute();
  await db.schema.alterTable('login_proofs').dropColumn('sealed_roblox_id').execute();
  await db.schema.alterTable('retired_roblox_ids').dropColumn('user_id').execute();
}
