import type { Db } from '../../db/database.ts';

/*
 * Every read of a player's data export. Each query is scoped to the one player, and selects only the
 * columns the export gives: no session or proof hashes, no signal values, no other account's id.
 */

export function account(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('users as r', 'r.id', 'u.referred_by')
    .select([
      'u.id',
      'u.username',
      'u.display_name',
      'u.roblox_id',
      'u.balance',
      'u.earnings',
      'u.status',
      'u.verified',
      'u.verification_code',
      'u.protected',
      'u.joined_at',
      'u.offers_completed',
      'u.referrals_made',
      'u.referrals_earned',
      'r.username as referrer',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

export function ledger(db: Db, userId: number) {
  return db
    .selectFrom('ledger_entries')
    .select(['id', 'kind', 'amount', 'description', 'created_at', 'meta'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function withdrawals(db: Db, userId: number) {
  return db
    .selectFrom('withdrawals')
    .select([
      'id',
      'robux',
      'amount',
      'method',
      'state',
      'gamepass_id',
      'created_at',
      'updated_at',
      'paid_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function loginProofs(db: Db, userId: number) {
  return db
    .selectFrom('login_proofs')
    .select(['sentence', 'created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function oauthFlows(db: Db, userId: number) {
  return db
    .selectFrom('oauth_flows')
    .select(['purpose', 'created_at', 'expires_at', 'finished_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** When each account opened with this player's link joined (not who they are). */
export function referredJoinDates(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select('joined_at')
    .where('referred_by', '=', userId)
    .orderBy('joined_at')
    .execute();
}

export function qualifiedReferralDates(db: Db, userId: number) {
  return db
    .selectFrom('qualified_referrals')
    .select('qualified_at')
    .where('referrer_id', '=', userId)
    .orderBy('qualified_at')
    .execute();
}

export function sessions(db: Db, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'expires_at', 'revoked_at', 'proof', 'user_agent', 'verification_code'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function giveawayEntries(db: Db, userId: number) {
  return db
    .selectFrom('giveaway_entries as e')
    .innerJoin('giveaways as g', 'g.id', 'e.giveaway_id')
    .select(['g.title', 'e.created_at', 'g.winner_user_id'])
    .where('e.user_id', '=', userId)
    .orderBy('e.created_at')
    .execute();
}

export function promoRedemptions(db: Db, userId: number) {
  return db
    .selectFrom('promo_redemptions as r')
    .innerJoin('promo_codes as c', 'c.id', 'r.code_id')
    .select(['c.code', 'c.amount', 'r.created_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at')
    .execute();
}

export function streak(db: Db, userId: number) {
  return db
    .selectFrom('streaks')
    .select(['day', 'last_claim_day', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The player's sign-in signals, each with whether another account has the same value. The value
 * itself is left out: a shared one is the other account's signal too.
 */
export function signals(db: Db, userId: number) {
  return db
    .selectFrom('sign_in_signals as s')
    .select((eb) => [
      's.kind',
      's.first_seen_at',
      's.last_seen_at',
      's.sign_ins',
      's.created_account',
      eb
        .exists(
          eb
            .selectFrom('sign_in_signals as o')
            .select('o.user_id')
            .whereRef('o.kind', '=', 's.kind')
            .whereRef('o.value_hash', '=', 's.value_hash')
            .where('o.user_id', '!=', userId),
        )
        .as('shared'),
    ])
    .where('s.user_id', '=', userId)
    .orderBy('s.first_seen_at')
    .execute();
}

export function linkedAt(db: Db, userId: number) {
  return db.selectFrom('linked_users').select('linked_at').where('user_id', '=', userId).executeTakeFirst();
}

export function postbacks(db: Db, userId: number) {
  return db
    .selectFrom('postbacks')
    .select(['wall_slug', 'trans_id', 'action', 'verdict', 'amount', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function offerTransactions(db: Db, userId: number) {
  return db
    .selectFrom('offer_transactions')
    .select(['wall_slug', 'trans_id', 'kind', 'amount', 'description', 'state', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Staff actions on the account (`user:<id>`) and on its withdrawals (`withdrawal:<id>`); the actor is left out. */
export function auditRows(db: Db, userId: number, withdrawalIds: readonly number[]) {
  const targets = [`user:${userId}`, ...withdrawalIds.map((id) => `withdrawal:${id}`)];
  return db
    .selectFrom('audit_log')
    .select(['action', 'created_at'])
    .where('target', 'in', targets)
    .orderBy('id')
    .execute();
}
