import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ReferralVia } from '../../db/schema.ts';

export async function findVerificationState(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'roblox_id', 'verified'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The sentence of one session (by its token's hash); undefined when the session is gone. */
export async function findSessionSentence(db: Db, userId: number, tokenHash: string) {
  const row = await db
    .selectFrom('sessions')
    .select(['verification_code', 'ref_user_id'])
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { sentence: row.verification_code, refUserId: row.ref_user_id };
}

/**
 * The account's live sessions whose sentence the (normalised) bio contains: the session(s) whose
 * holder put it there. The bio is compared in the database, so an account with many sessions costs
 * one indexed query.
 */
export async function findSessionsWithSentenceIn(db: Db, userId: number, bio: string, now: string) {
  return (
    db
      .selectFrom('sessions')
      .select(['token_hash', 'verification_code', 'ref_user_id', 'device_hash', 'address_hash'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where('verification_code', 'is not', null)
      .where('verification_code', '!=', '')
      // Sentences are lower-case words joined by single spaces (no LIKE wildcards); the bio is normalised.
      .where(sql<boolean>`cast(${bio} as text) like '%' || verification_code || '%'`)
      .limit(2)
      .execute()
  );
}

/**
 * Marks the account verified whatever its sentences (its owner proved it otherwise), and protected
 * when `protect`. Returns whether it was not verified yet.
 */
export async function markVerifiedOutright(db: Db, userId: number, protect: boolean): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set(protect ? { verified: 1, protected: 1 } : { verified: 1 })
    .where('id', '=', userId)
    .where('verified', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Marks the account verified while a live session still holds the sentence that was found in the
 * bio (that session's Refresh in between makes it worthless), and protected when `protect`.
 * Returns whether it applied: of two checks at once, one does.
 */
export async function markVerified(
  db: Db,
  userId: number,
  sentence: string,
  now: string,
  protect: boolean,
): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set(protect ? { verified: 1, protected: 1 } : { verified: 1 })
    .where('id', '=', userId)
    .where('verified', '=', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sessions')
          .select('sessions.token_hash')
          .where('sessions.user_id', '=', userId)
          .where('sessions.verification_code', '=', sentence)
          .where('sessions.revoked_at', 'is', null)
          .where('sessions.expires_at', '>', now),
      ),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * A new sentence for one session of an account that is not verified yet; the account's other
 * sessions keep theirs. Returns whether it applied.
 */
export async function replaceSessionSentence(
  db: Db,
  userId: number,
  tokenHash: string,
  sentence: string,
): Promise<boolean> {
  const res = await db
    .updateTable('sessions')
    .set({ verification_code: sentence })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('users')
          .select('users.id')
          .where('users.id', '=', userId)
          .where('users.verified', '=', 0),
      ),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The referrer of an account that has just proved its owner: set once, only while it has none (a
 * referral that already counted before the rule keeps its referrer), and never to an account that
 * this one referred (two accounts paying each other, whose credits would lock them in both orders).
 */
export async function attributeReferrer(db: Db, userId: number, referrerId: number, via: ReferralVia) {
  await db
    .updateTable('users')
    .set({ referred_by: referrerId, referral_via: via })
    .where('id', '=', userId)
    .where('referred_by', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users as r')
            .select('r.id')
            .where('r.id', '=', referrerId)
            .where('r.referred_by', '=', userId),
        ),
      ),
    )
    .execute();
}

/** A fresh sentence for a session that has none (sessions from before each had its own). */
export async function assignSentenceIfNone(db: Db, tokenHash: string, sentence: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ verification_code: sentence })
    .where('token_hash', '=', tokenHash)
    .where('verification_code', 'is', null)
    .execute();
}
