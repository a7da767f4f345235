import type { Deps } from '../../deps.ts';
import { readServerSecret, writeServerSecret } from '../signals/index.ts';
import { revokeBootstrapSessions } from './session-repository.ts';
import { hashPassword, verifyPassword } from './staff-secrets.ts';

/** The Argon2id hash of the ADMIN_PASSWORD the bootstrap sessions were opened with. */
const SECRET_NAME = 'admin_password_hash';

/**
 * Run at start: when ADMIN_PASSWORD is not the one kept from the last start (or none was kept), every
 * session of the bootstrap sign-in ends, and the new password's hash is kept. Changing a leaked
 * password then also ends the sessions opened with it, which would otherwise stay owners for their
 * 12 hours (time enough to make an owner account of their own). Returns whether sessions were ended.
 */
export async function endSessionsOfOldAdminPassword(deps: Deps): Promise<boolean> {
  const kept = await readServerSecret(deps.db, SECRET_NAME);
  if (kept !== undefined && (await verifyPassword(kept, deps.env.ADMIN_PASSWORD))) return false;
  const now = deps.clock.now().toISOString();
  await revokeBootstrapSessions(deps.db, now);
  await writeServerSecret(deps.db, SECRET_NAME, await hashPassword(deps.env.ADMIN_PASSWORD), now);
  return true;
}
