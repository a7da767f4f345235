import { firstRow, prepared } from '../../db/prepared.ts';
import type { Database } from '../../db/database.ts';

export async function insertSession(
  db: Database,
  s: {
    tokenHash: string;
    userId: number;
    createdAt: string;
    expiresAt: string;
    /** The session's own bio-verification sentence (the account's, as a start). */
    verificationCode?: string | null;
    /** How it was opened: typed name, a fresh bio sentence, or Sign in with Roblox. */
    proof?: 'name' | 'bio' | 'roblox';
    /** The browser's user agent (the first 200 characters are kept). */
    userAgent?: string | null;
  },
) {
  await db
    .insertInto('sessions')
    .values({
      token_hash: s.tokenHash,
      user_id: s.userId,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      verification_code: s.verificationCode ?? null,
      proof: s.proof ?? null,
      user_agent: s.userAgent ? s.userAgent.slice(0, 200) : null,
    })
    .execute();
}

function sessionUserQuery(db: Database, tokenHash: string, now: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'u.id',
      'u.username',
      'u.display_name',
      'u.roblox_id',
      'u.status',
      'u.balance',
      'u.earnings',
      'u.verified',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now);
}

const preparedSessionUserQuery = prepared(sessionUserQuery);

/** The account behind a live session, in one query: this runs on every player call. */
export async function findSessionUser(db: Database, tokenHash: string, now: string) {
  return firstRow(preparedSessionUserQuery(db, tokenHash, now));
}

export async function revokeSession(db: Database, tokenHash: string, now: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}
