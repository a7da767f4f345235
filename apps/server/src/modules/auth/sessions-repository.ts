import type { Db } from '../../db/database.ts';

/** The length of a session's handle: a prefix of its token hash, which opens nothing. */
export const HANDLE_LENGTH = 16;

export async function listLiveSessions(db: Db, userId: number, now: string) {
  return db
    .selectFrom('sessions')
    .select(['token_hash', 'created_at', 'proof', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Signs out every live session of the account but `keepHash`; how many. */
export async function revokeOtherSessions(db: Db, userId: number, keepHash: string, now: string) {
  const res = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Signs out the account's live session with that handle (hex only: the contract checks it). */
export async function revokeSessionByHandle(db: Db, userId: number, handle: string, now: string) {
  const res = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('token_hash', 'like', `${handle}%`)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Signs out every live session of the account that has never proven ownership (opened by a typed
 * name and not proven since): once the owner has proven the account or protected it, whoever typed
 * the name before keeps nothing. Returns how many.
 */
export async function revokeUnprovenSessions(db: Db, userId: number, now: string) {
  const res = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('proven_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
