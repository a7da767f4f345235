import { createHash, timingSafeEqual } from 'node:crypto';
import { limitKeyOfAddress } from '../../shared/addresses.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../shared/errors.ts';
import { FailureLimiter } from '../../shared/failure-limiter.ts';
import { insertAudit } from '../audit/index.ts';
import { hashToken, newSessionToken } from '../auth/index.ts';
import type { NotifyLog } from '../../shared/discord.ts';
import { checkSiteWide, recordSiteWideFailure } from './auth-guard.ts';
import * as repo from './session-repository.ts';

export const ADMIN_SESSION_HOURS = 12;

/** More than 10 wrong passwords a minute from one address blocks that address for the minute. */
export function newAdminLoginLimiter(deps: Deps): FailureLimiter {
  return new FailureLimiter(10, 60_000, () => deps.clock.now().getTime());
}

function sameSecret(a: string, b: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the password.
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

export async function adminLogin(
  deps: Deps,
  failures: FailureLimiter,
  password: string,
  ip: string,
  log?: NotifyLog,
): Promise<{ token: string; maxAgeSeconds: number }> {
  // `ip` is request.ip: the address TRUST_PROXY yields, so X-Forwarded-For from a client cannot pick it.
  // Failures count per network: an IPv6 /64 is one caller.
  const network = limitKeyOfAddress(ip);
  if (failures.isBlocked(network)) {
    throw new AppError(429, 'RATE_LIMITED', 'Too many wrong passwords. Try again in a minute.', {
      retryAfter: 60,
    });
  }
  await checkSiteWide(deps, ip);
  if (!sameSecret(password, deps.env.ADMIN_PASSWORD)) {
    failures.recordFailure(network);
    await recordSiteWideFailure(deps, ip, log);
    throw new AppError(401, 'UNAUTHENTICATED', 'Incorrect password');
  }
  const now = deps.clock.now();
  const { token, hash } = newSessionToken();
  await repo.insertAdminSession(deps.db, {
    tokenHash: hash,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ADMIN_SESSION_HOURS * 3_600_000).toISOString(),
    ip,
  });
  await insertAudit(deps.db, { actor: 'admin', action: 'admin.login', target: ip }, now.toISOString());
  return { token, maxAgeSeconds: ADMIN_SESSION_HOURS * 3600 };
}

export async function adminLogout(deps: Deps, token: string | undefined): Promise<void> {
  if (token) await repo.revokeAdminSession(deps.db, hashToken(token), deps.clock.now().toISOString());
}
