import type { Database } from '../../db/database.ts';
import type { StaffRole } from '../../db/tables/accounts.ts';

export async function findStaffByName(db: Database, usernameLower: string) {
  return db.selectFrom('staff').selectAll().where('username_lower', '=', usernameLower).executeTakeFirst();
}

export async function findStaffById(db: Database, id: number) {
  return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listStaff(db: Database) {
  return db.selectFrom('staff').selectAll().orderBy('id').execute();
}

/** The new member's id; undefined when the name is taken (the unique index decides, across processes). */
export async function insertStaff(
  db: Database,
  s: { username: string; passwordHash: string; role: StaffRole; now: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('staff')
    .values({
      username: s.username,
      username_lower: s.username.toLowerCase(),
      password_hash: s.passwordHash,
      role: s.role,
      created_at: s.now,
      updated_at: s.now,
    })
    .onConflict((oc) => oc.column('username_lower').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateStaff(
  db: Database,
  id: number,
  set: Partial<{
    role: StaffRole;
    disabled_at: string | null;
    password_hash: string;
    totp_secret: string | null;
    totp_enabled: number;
    recovery_codes: string | null;
  }>,
  now: string,
) {
  await db
    .updateTable('staff')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Active owners other than `exceptId`: the last one may not be demoted or disabled. */
export async function countOtherActiveOwners(db: Database, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Uses one recovery code: the stored list changes only if nobody changed it since it was read, so a
 * code raced from two places signs in once.
 */
export async function replaceRecoveryCodes(
  db: Database,
  id: number,
  expected: string,
  next: string,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('staff')
    .set({ recovery_codes: next, updated_at: now })
    .where('id', '=', id)
    .where('recovery_codes', '=', expected)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Accepts a TOTP code's step once: only when it is newer than the last step accepted. */
export async function takeTotpStep(db: Database, id: number, step: number): Promise<boolean> {
  const res = await db
    .updateTable('staff')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Wrong staff sign-ins: per account and per address, in the database so every process counts them. */
export async function recordStaffFailure(
  db: Database,
  f: { usernameLower: string; ip: string; at: string },
  pruneBefore: string,
) {
  await db
    .insertInto('staff_login_failures')
    .values({ username_lower: f.usernameLower, ip: f.ip, at: f.at })
    .execute();
  await db.deleteFrom('staff_login_failures').where('at', '<=', pruneBefore).execute();
}

/** How many wrong sign-ins since `since`, and the oldest of them (it leaves the window first). */
export async function staffFailuresSince(
  db: Database,
  where: { usernameLower: string } | { ip: string },
  since: string,
) {
  const [column, value] =
    'ip' in where ? (['ip', where.ip] as const) : (['username_lower', where.usernameLower] as const);
  const row = await db
    .selectFrom('staff_login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('at').as('oldest')])
    .where(column, '=', value)
    .where('at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: (row?.oldest as string | null | undefined) ?? null };
}

/** A successful sign-in clears the account's count (the address's stays: it may be trying others). */
export async function clearStaffFailures(db: Database, usernameLower: string) {
  await db.deleteFrom('staff_login_failures').where('username_lower', '=', usernameLower).execute();
}
