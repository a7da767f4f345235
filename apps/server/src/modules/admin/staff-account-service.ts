import { rolePermissions, type StaffMeResponse, type TotpSetupResponse } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, unauthenticated } from '../../shared/errors.ts';
import { insertAudit } from '../audit/index.ts';
import type { StaffOfRequest } from './role-guard.ts';
import { checkSecondFactor } from './staff-second-factor.ts';
import { checkStaffLimits, recordStaffFailure } from './staff-login-limits.ts';
import {
  hashPassword,
  hashRecoveryCode,
  newRecoveryCodes,
  seal,
  unseal,
  verifyPassword,
} from './staff-secrets.ts';
import { newTotpEnrolment, totpStep } from './staff-totp.ts';
import * as repo from './staff-repository.ts';
import { revokeStaffSessions } from './session-repository.ts';

/** "My account" in the console: any signed-in staff member, about themselves only. */

export async function me(deps: Deps, staff: StaffOfRequest): Promise<StaffMeResponse> {
  const member = staff.id === null ? undefined : await repo.findStaffById(deps.db, staff.id);
  return {
    id: staff.id,
    username: staff.username,
    role: staff.role,
    bootstrap: staff.id === null,
    totpEnabled: member?.totp_enabled === 1,
    permissions: [...rolePermissions[staff.role]],
    moderatorApproveLimit: deps.env.MODERATOR_APPROVE_LIMIT,
  };
}

async function ownAccount(deps: Deps, staff: StaffOfRequest) {
  if (staff.id === null) {
    throw conflict(
      'The ADMIN_PASSWORD sign-in has no account of its own: create a staff account and sign in with it.',
    );
  }
  const member = await repo.findStaffById(deps.db, staff.id);
  if (!member) throw unauthenticated('Admin sign-in required.');
  return member;
}

export async function changeOwnPassword(
  deps: Deps,
  staff: StaffOfRequest,
  input: { current: string; next: string },
  ip: string,
  /** The hash of the session that asked: it stays signed in, every other one of the member ends. */
  sessionHash: string,
): Promise<void> {
  const member = await ownAccount(deps, staff);
  // A borrowed session must not try current passwords faster than the sign-in page allows.
  await checkStaffLimits(deps, member.username_lower, ip);
  if (!(await verifyPassword(member.password_hash, input.current))) {
    await recordStaffFailure(deps, member.username_lower, ip);
    throw badRequest('The current password is incorrect.');
  }
  const now = deps.clock.now().toISOString();
  await repo.updateStaff(deps.db, member.id, { password_hash: await hashPassword(input.next) }, now);
  // Whoever knew the old password may hold a session: only this one stays.
  await revokeStaffSessions(deps.db, member.id, now, sessionHash);
  await insertAudit(
    deps.db,
    { actor: 'admin', action: 'staff.password_change', target: member.username },
    now,
  );
}

/** A new secret, kept sealed and inactive until /enable proves the app has it. */
export async function setupTotp(deps: Deps, staff: StaffOfRequest): Promise<TotpSetupResponse> {
  const member = await ownAccount(deps, staff);
  if (member.totp_enabled === 1) throw conflict('Two-factor sign-in is already on: turn it off first.');
  const enrolment = await newTotpEnrolment(member.username);
  await repo.updateStaff(
    deps.db,
    member.id,
    { totp_secret: await seal(deps, enrolment.secret) },
    deps.clock.now().toISOString(),
  );
  return enrolment;
}

export async function enableTotp(deps: Deps, staff: StaffOfRequest, code: string): Promise<string[]> {
  const member = await ownAccount(deps, staff);
  if (member.totp_enabled === 1) throw conflict('Two-factor sign-in is already on.');
  if (!member.totp_secret) throw conflict('Start with the setup: scan the QR code first.');
  const step = totpStep(await unseal(deps, member.totp_secret), code, deps.clock.now());
  // The code that turns it on is used up too: it cannot sign in a second time.
  if (step === null || !(await repo.takeTotpStep(deps.db, member.id, step))) {
    throw badRequest('Incorrect code: check the time on your phone and try the current code.');
  }
  const codes = newRecoveryCodes();
  const now = deps.clock.now().toISOString();
  await repo.updateStaff(
    deps.db,
    member.id,
    { totp_enabled: 1, recovery_codes: JSON.stringify(codes.map(hashRecoveryCode)) },
    now,
  );
  await insertAudit(deps.db, { actor: 'admin', action: 'staff.totp_enable', target: member.username }, now);
  return codes;
}

export async function disableTotp(
  deps: Deps,
  staff: StaffOfRequest,
  code: string,
  ip: string,
): Promise<void> {
  const member = await ownAccount(deps, staff);
  if (member.totp_enabled !== 1) throw conflict('Two-factor sign-in is not on.');
  // A borrowed session must not guess codes faster than the sign-in page allows.
  await checkStaffLimits(deps, member.username_lower, ip);
  if (!(await checkSecondFactor(deps, member, code)).ok) {
    await recordStaffFailure(deps, member.username_lower, ip);
    throw badRequest('Incorrect code.');
  }
  const now = deps.clock.now().toISOString();
  await repo.updateStaff(
    deps.db,
    member.id,
    { totp_enabled: 0, totp_secret: null, recovery_codes: null },
    now,
  );
  await insertAudit(deps.db, { actor: 'admin', action: 'staff.totp_disable', target: member.username }, now);
}
