import type { Selectable } from 'kysely';
import type { CreateStaffRequest, StaffMember, UpdateStaffRequest } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import type { StaffTable } from '../../db/tables/accounts.ts';
import { conflict, notFound } from '../../shared/errors.ts';
import { insertAudit } from '../audit/index.ts';
import { hashPassword } from './staff-secrets.ts';
import { revokeStaffSessions } from './session-repository.ts';
import * as repo from './staff-repository.ts';

/** The owner's management of staff accounts (every change audited under the owner's name). */

export function toMember(s: Selectable<StaffTable>): StaffMember {
  return {
    id: s.id,
    username: s.username,
    role: s.role,
    totpEnabled: s.totp_enabled === 1,
    disabled: s.disabled_at !== null,
    createdAt: s.created_at,
  };
}

export async function listStaffMembers(deps: Deps): Promise<StaffMember[]> {
  return (await repo.listStaff(deps.db)).map(toMember);
}

async function memberOrThrow(deps: Deps, id: number) {
  const member = await repo.findStaffById(deps.db, id);
  if (!member) throw notFound('Staff member not found.');
  return member;
}

export async function createStaffMember(deps: Deps, input: CreateStaffRequest): Promise<StaffMember> {
  const now = deps.clock.now().toISOString();
  const id = await repo.insertStaff(deps.db, {
    username: input.username,
    passwordHash: await hashPassword(input.password),
    role: input.role,
    now,
  });
  if (id === undefined) throw conflict(`A staff member named ${input.username} already exists.`);
  await insertAudit(
    deps.db,
    { actor: 'admin', action: 'staff.create', target: input.username, after: { role: input.role } },
    now,
  );
  return toMember(await memberOrThrow(deps, id));
}

/**
 * Role and disabled state. The last active owner cannot be demoted or disabled (the bootstrap sign-in
 * may be off); a disabled member is signed out everywhere at once.
 */
export async function updateStaffMember(
  deps: Deps,
  id: number,
  input: UpdateStaffRequest,
): Promise<StaffMember> {
  const member = await memberOrThrow(deps, id);
  const losesOwner =
    member.role === 'owner' &&
    member.disabled_at === null &&
    ((input.role !== undefined && input.role !== 'owner') || input.disabled === true);
  if (losesOwner && (await repo.countOtherActiveOwners(deps.db, id)) === 0) {
    throw conflict('This is the last active owner: make another staff member owner first.');
  }
  const now = deps.clock.now().toISOString();
  const disabledAt =
    input.disabled === undefined ? member.disabled_at : input.disabled ? (member.disabled_at ?? now) : null;
  await repo.updateStaff(deps.db, id, { role: input.role ?? member.role, disabled_at: disabledAt }, now);
  if (input.disabled === true) await revokeStaffSessions(deps.db, id, now);
  await insertAudit(
    deps.db,
    {
      actor: 'admin',
      action: 'staff.update',
      target: member.username,
      before: { role: member.role, disabled: member.disabled_at !== null },
      after: { role: input.role ?? member.role, disabled: disabledAt !== null },
    },
    now,
  );
  return toMember(await memberOrThrow(deps, id));
}

/**
 * A new password chosen by the owner (the member forgot theirs or lost their authenticator): two-factor
 * sign-in is turned off with it, and the member's sessions end.
 */
export async function resetStaffPassword(deps: Deps, id: number, password: string): Promise<void> {
  const member = await memberOrThrow(deps, id);
  const now = deps.clock.now().toISOString();
  await repo.updateStaff(
    deps.db,
    id,
    { password_hash: await hashPassword(password), totp_enabled: 0, totp_secret: null, recovery_codes: null },
    now,
  );
  await revokeStaffSessions(deps.db, id, now);
  await insertAudit(
    deps.db,
    { actor: 'admin', action: 'staff.reset_password', target: member.username },
    now,
  );
}
