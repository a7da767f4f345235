import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

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
    .select('verification_code')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { sentence: row.verification_code };
}

/**
 * A sentence of one of the account's live sessions that the (normalised) bio contains, or null.
 * The bio is compared in the database, so an account with many sessions costs one indexed query.
 */
export async function findLiveSentenceIn(db: Db, userId: number, bio: string, now: string) {
  const row = await db
    .selectFrom('sessions')
    .select('verification_code')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('verification_code', 'is not', null)
    .where('verification_code', '!=', '')
    // Sentences are lower-case words joined by single spaces (no LIKE wildcards); the bio is normalised.
    .where(sql<boolean>`cast(${bio} as text) like '%' || verification_code || '%'`)
    .limit(1)
    .executeTakeFirst();
  return row?.verification_code ?? null;
}

/** Marks the account verified whatever its sentences (its owner proved it otherwise). Returns whether it was not yet. */
export async function markVerifiedOutright(db: Db, userId: number): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ verified: 1 })
    .where('id', '=', userId)
    .where('verified', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Marks the account verified while a live session still holds the sentence that was found in the
 * bio (that session's Refresh in between makes it worthless). Returns whether it applied.
 */
export async function markVerified(db: Db, userId: number, sentence: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ verified: 1 })
    .where('id', '=', userId)
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
