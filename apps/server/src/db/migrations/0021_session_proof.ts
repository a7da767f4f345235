import { sql, type Kysely } from 'kysely';

/**
 * What a session has proven, and who chose the referrer:
 * - `sessions.proven_at`: when the session last proved ownership (bio check or Sign in with Roblox);
 *   acts that hurt or expose the owner need it within the last 10 minutes. `sessions.ref_user_id`: the
 *   referrer whose link this browser arrived with, applied only if this session proves the account.
 * - `users.referral_via`: how the referrer was attributed (`bio`, `roblox`, or `before_rule` for a
 *   referral already counted when typed names still bound referrers).
 * - `oauth_flows.browser_hash`: the hash of the cookie that ties a Sign in with Roblox attempt to the
 *   browser that started it.
 *
 * Existing data is re-checked by the same rules (and sessions of unproven accounts lose their shared
 * sentence, see below): verified accounts become protected (proven accounts
 * are protected by default; the owner may turn it off); a referral that has not counted yet was bound
 * by a typed name, so it is taken off the account. For an account not yet proven it moves to the
 * account's first session (the browser that created it with that link), where it still counts if the
 * owner proves the account there; for a proven account nobody can tell which browser proved it, so
 * it is dropped. Referrals that already counted (a `qualified_referrals` row) stay.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('proven_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ref_user_id', 'integer').execute();
  await db.schema.alterTable('users').addColumn('referral_via', 'text').execute();
  await db.schema.alterTable('oauth_flows').addColumn('browser_hash', 'text').execute();

  await sql`update sessions set proven_at = created_at where proof in ('bio', 'roblox')`.execute(db);
  // Sessions given the account's sentence (migration 0010) may show the same one: the live sessions
  // of accounts not yet proven get a fresh sentence each when they next show it.
  await sql`
    update sessions set verification_code = null
    where revoked_at is null and user_id in (select id from users where verified = 0)
  `.execute(db);
  await sql`update users set protected = 1 where verified = 1 and deleted_at is null`.execute(db);
  await sql`
    update users set referral_via = 'before_rule'
    where referred_by is not null and exists (select 1 from qualified_referrals q where q.friend_id = users.id)
  `.execute(db);
  await sql`
    update sessions set ref_user_id = (select u.referred_by from users u where u.id = sessions.user_id)
    where token_hash = (
      select s.token_hash from sessions s where s.user_id = sessions.user_id
      order by s.created_at, s.token_hash limit 1
    )
    and exists (
      select 1 from users u where u.id = sessions.user_id and u.verified = 0
      and u.referred_by is not null and u.referral_via is null
    )
  `.execute(db);
  await sql`update users set referred_by = null where referred_by is not null and referral_via is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    update users set referred_by = (
      select s.ref_user_id from sessions s where s.user_id = users.id and s.ref_user_id is not null
      order by s.created_at limit 1
    )
    where referred_by is null and verified = 0
  `.execute(db);
  await db.schema.alterTable('oauth_flows').dropColumn('browser_hash').execute();
  await db.schema.alterTable('users').dropColumn('referral_via').execute();
  await db.schema.alterTable('sessions').dropColumn('ref_user_id').execute();
  await db.schema.alterTable('sessions').dropColumn('proven_at').execute();
}
