import { firstRow, prepared } from '../../db/prepared.ts';
import type { Database } from '../../db/database.ts';

export async function insertAdminSession(
  db: Database,
  s: { tokenHash: string; createdAt: string; expiresAt: string; ip: string },
) {
  await db
    .insertInto('admin_sessions')
    .values({ token_hash: s.tokenHash, created_at: s.createdAt, expires_at: s.expiresAt, ip: s.ip })
    .execute();
}

const liveAdminSessionQuery = prepared((db: Database, tokenHash: string, now: string) =>
  db
    .selectFrom('admin_sessions')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now),
);

/** Runs before every admin call. */
export async function isAdminSessionLive(db: Database, tokenHash: string, now: string): Promise<boolean> {
  return Boolean(await firstRow(liveAdminSessionQuery(db, tokenHash, now)));
}

export async function revokeAdminSession(db: Database, tokenHash: string, now: string) {
  await db
    .updateTable('admin_sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .execute();
}
