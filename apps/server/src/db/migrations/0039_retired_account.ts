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
 * `users.forfeit_cover` and `forfeit_cover_through`: what of the balance given up with a deletion
 * still covers later reversals of what the account had earned by then (ledger `reverseEarning`), in
 * hundredths, and the last forfeit's ledger entry (the cover takes reversals of entries before it).
 * Accounts deleted before get what they gave up less what reversals since their deletion took from
 * it (none of them debited, or debited only the rest).
 *
 * `down` drops the four columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('retired_roblox_ids').addColumn('user_id', 'integer').execute();
  await db.schema.alterTable('login_proofs').addColumn('sealed_roblox_id', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('forfeit_cover', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('forfeit_cover_through', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Given up: the forfeits. Taken since: each credit reversed after the deletion, less what its
  // reversal entry debited (entries are negative).
  await sql`update users set
      forfeit_cover = case when given - taken > 0 then given - taken else 0 end,
      forfeit_cover_through = through
    from (
      select u.id as user_id,
        coalesce((select -sum(e.amount) from ledger_entries e
          where e.user_id = u.id and e.kind = 'forfeit'), 0) as given,
        coalesce((select sum(t.amount + coalesce(r.amount, 0)) from offer_transactions t
          left join ledger_entries r on r.id = t.reversal_entry_id
          where t.user_id = u.id and t.state = 'reversed' and t.credit_entry_id is not null
            and t.updated_at >= u.deleted_at), 0) as taken,
        coalesce((select max(e.id) from ledger_entries e
          where e.user_id = u.id and e.kind = 'forfeit'), 0) as through
      from users u where u.deleted_at is not null
    ) as f
    where users.id = f.user_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('forfeit_cover_through').execute();
  await db.schema.alterTable('users').dropColumn('forfeit_cover').execute();
  await db.schema.alterTable('login_proofs').dropColumn('sealed_roblox_id').execute();
  await db.schema.alterTable('retired_roblox_ids').dropColumn('user_id').execute();
}
