import { createHash, timingSafeEqual } from 'node:crypto';
import type { AdminLoginRequest, ErrorReason } from '@rewards/contracts';
import { limitKeyOfAddress } from '../../shared/addresses.ts';
import type { Deps } from '../../deps.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import { FailureLimiter } from '../../shared/failure-limiter.ts';
import { insertAudit } from '../audit/index.ts';
import { hashToken, newSessionToken } from '../auth/index.ts';
import type { NotifyLog } from '../../shared/discord.ts';
import { knownCaller, recordSiteWideFailure, siteWideWait } from './auth-guard.ts';
import { rememberBrowser } from './console-browsers.ts';
import { BOOTSTRAP_NAME } from './role-guard.ts';
import { checkStaffLimits, recordStaffFailure } from './staff-login-limits.ts';
import { verifyPassword } from './staff-secrets.ts';
import { checkSecondFactor } from './staff-second-factor.ts';
import * as staffRepo from './staff-repository.ts';
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

export interface SignIn {
  token: string;
  maxAgeSeconds: number;
  /** The console browser cookie's new value (console-browsers.ts). */
  browser: string;
}

/**
 * `{password}`: the ADMIN_PASSWORD (bootstrap) owner, unless ADMIN_BOOTSTRAP=false.
 * `{username, password, code?}`: a staff member; with two-factor sign-in on, a right password without
 * `code` answers 401 TOTP_REQUIRED (no session, not counted as a failure).
 * `browser`: the hash of the caller's console browser cookie, if it sent a valid one.
 */
export async function adminLogin(
  deps: Deps,
  failures: FailureLimiter,
  input: AdminLoginRequest,
  ip: string,
  browser: string | null,
  log?: NotifyLog,
): Promise<SignIn> {
  // `ip` is request.ip: the address TRUST_PROXY yields, so X-Forwarded-For from a client cannot pick it.
  // Failures count per network: an IPv6 /64 is one caller.
  const network = limitKeyOfAddress(ip);
  if (failures.isBlocked(network)) {
    throw new AppError(429, 'RATE_LIMITED', 'Too many wrong passwords. Try again in a minute.', {
      retryAfter: 60,
    });
  }
  const failed = async (message: string, reason: ErrorReason, usernameLower?: string) => {
    failures.recordFailure(network);
    await recordSiteWideFailure(deps, ip, log);
    if (usernameLower !== undefined) await recordStaffFailure(deps, usernameLower, ip);
    return new AppError(401, 'UNAUTHENTICATED', message, { reason });
  };

  if (input.username === undefined) {
    if (!deps.env.ADMIN_BOOTSTRAP) {
      throw forbidden(
        'Signing in with ADMIN_PASSWORD is turned off (ADMIN_BOOTSTRAP=false): use your staff account.',
      );
    }
    const wait = await siteWideWait(deps, ip, browser, null);
    if (wait) throw wait;
    if (!sameSecret(input.password, deps.env.ADMIN_PASSWORD))
      throw await failed('Incorrect password', 'INCORRECT_PASSWORD');
    return openSession(deps, { id: null, username: BOOTSTRAP_NAME }, ip, browser);
  }

  const usernameLower = input.username.toLowerCase();
  const wait = await siteWideWait(deps, ip, browser, { usernameLower });
  if (wait && input.code === undefined) throw wait;
  await checkStaffLimits(deps, usernameLower, ip, () => knownCaller(deps, ip, browser, { usernameLower }));
  const member = await staffRepo.findStaffByName(deps.db, usernameLower);
  let codeChecked = false;
  if (wait) {
    // Held back by the brake, only a valid second factor lets a sign-in on, and it is checked before
    // the password: a guess without one is told nothing about the password.
    const enrolled = member && member.disabled_at === null && member.totp_enabled === 1;
    if (!enrolled || !(await passSecondFactor(deps, member, input.code!))) {
      throw await failed('Incorrect code', 'INCORRECT_CODE', usernameLower);
    }
    codeChecked = true;
  }
  // Verified even for an unknown or disabled name, so the answer's time does not tell which names exist.
  const passwordOk = await verifyPassword(member?.password_hash, input.password);
  if (!member || member.disabled_at !== null || !passwordOk) {
    throw await failed('Incorrect username or password', 'INCORRECT_USERNAME_OR_PASSWORD', usernameLower);
  }
  if (member.totp_enabled === 1 && !codeChecked) {
    if (input.code === undefined) {
      throw new AppError(
        401,
        'TOTP_REQUIRED',
        'Enter the 6-digit code from your authenticator app, or a recovery code.',
      );
    }
    if (!(await passSecondFactor(deps, member, input.code))) {
      throw await failed('Incorrect code', 'INCORRECT_CODE', usernameLower);
    }
  }
  await staffRepo.clearStaffFailures(deps.db, usernameLower);
  return openSession(deps, { id: member.id, username: member.username }, ip, browser);
}

/**
 * Whether `code` is the member's valid second factor. A recovery code it uses up is audited at once,
 * even when the password then turns out wrong (under the brake the code is checked first).
 */
async function passSecondFactor(
  deps: Deps,
  member: Parameters<typeof checkSecondFactor>[1],
  code: string,
): Promise<boolean> {
  const second = await checkSecondFactor(deps, member, code);
  if (second.recoveryCodesLeft !== undefined) {
    await insertAudit(
      deps.db,
      {
        actor: member.username,
        action: 'staff.recovery_code_used',
        target: member.username,
        after: { left: second.recoveryCodesLeft },
      },
      deps.clock.now().toISOString(),
    );
  }
  return second.ok;
}

async function openSession(
  deps: Deps,
  who: { id: number | null; username: string },
  ip: string,
  previousBrowser: string | null,
): Promise<SignIn> {
  const now = deps.clock.now();
  const { token, hash } = newSessionToken();
  await repo.insertAdminSession(deps.db, {
    tokenHash: hash,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ADMIN_SESSION_HOURS * 3_600_000).toISOString(),
    ip,
    staffId: who.id,
  });
  await insertAudit(deps.db, { actor: who.username, action: 'admin.login', target: ip }, now.toISOString());
  const browser = await rememberBrowser(deps, previousBrowser, who.id);
  return { token, maxAgeSeconds: ADMIN_SESSION_HOURS * 3600, browser };
}

export async function adminLogout(deps: Deps, token: string | undefined): Promise<void> {
  if (token) await repo.revokeAdminSession(deps.db, hashToken(token), deps.clock.now().toISOString());
}
