import { firstRow, prepared } from '../../db/prepared.ts';
import type { Database } from '../../db/database.ts';
import type { StaffRole } from '../../db/tables/accounts.ts';

export async function insertAdminSession(
  db: Database,
  s: { tokenHash: string; createdAt: string; expiresAt: string; ip: string; staffId: number | null },
) {
  await db
    .insertInto('admin_sessions')
    .values({
      token_hash: s.tokenHash,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      ip: s.ip,
      staff_id: s.staffId,
    })
    .execute();
}

/**
 * The live session and its staff member (none for the ADMIN_PASSWORD sign-in). A disabled member's
 * sessions stop at once; role changes apply to the next call.
 */
const liveAdminSessionQuery = prepared((db: Database, tokenHash: string, now: string) =>
  db
    .selectFrom('admin_sessions')
    .leftJoin('staff', 'staff.id', 'admin_sessions.staff_id')
    .select(['admin_sessions.staff_id', 'staff.username', 'staff.role', 'staff.disabled_at'])
    .where('admin_sessions.token_hash', '=', tokenHash)
    .where('admin_sessions.revoked_at', 'is', null)
    .where('admin_sessions.expires_at', '>', now),
);

export interface LiveAdminSession {
  staffId: number | null;
  username: string | null;
  role: StaffRole | null;
  disabled: boolean;
}

/** Runs before every admin call. */
export async function findLiveAdminSession(
  db: Database,
  tokenHash: string,
  now: string,
): Promise<LiveAdminSession | undefined> {
  const row = await firstRow(liveAdminSessionQuery(db, tokenHash, now));
  if (!row) return undefined;
  return {
    staffId: row.staff_id ?? null,
    username: row.username ?? null,
    role: (row.role as StaffRole | null) ?? null,
    disabled: row.disabled_at !== null && row.disabled_at !== undefined,
  };
}

export async function revokeAdminSession(db: Database, tokenHash: string, now: string) {
  await db
    .updateTable('admin_sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/** Ends every live session of the bootstrap sign-in (ADMIN_PASSWORD's, no staff member). */
export async function revokeBootstrapSessions(db: Database, now: string): Promise<void> {
  await db
    .updateTable('admin_sessions')
    .set({ revoked_at: now })
    .where('staff_id', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Signs a staff member out everywhere (disabled, or the password was reset), or everywhere but the
 * session `keepHash` (they changed their own password there).
 */
export async function revokeStaffSessions(db: Database, staffId: number, now: string, keepHash?: string) {
  let q = db
    .updateTable('admin_sessions')
    .set({ revoked_at: now })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null);
  if (keepHash) q = q.where('token_hash', '<>', keepHash);
  await q.execute();
}
