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

/**
 * Signs out the account's live sessions: every one but `{ allBut }` (a token hash), or every one that
 * has never proven ownership (`'unproven'`: opened by a typed name and not proven since; once the
 * owner has proven or protected the account, whoever typed the name keeps nothing). Returns how many.
 */
export async function revokeSessions(
  db: Db,
  userId: number,
  now: string,
  which: { allBut: string } | 'unproven',
): Promise<number> {
  const live = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  const res = await (
    which === 'unproven' ? live.where('proven_at', 'is', null) : live.where('token_hash', '!=', which.allBut)
  ).executeTakeFirst();
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
