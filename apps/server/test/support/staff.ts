import { expect } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { adminCookie } from './admin.ts';
import { readJson } from './calls.ts';
import { firstSetCookie } from './site.ts';
import type { TestApp } from './test-app.ts';

/** The password the tests give staff members. */
export const STAFF_PASSWORD = 'a-long-staff-password';

export type StaffRole = 'owner' | 'moderator' | 'support';

/**
 * Creates a staff member through an owner's session (`owner`, the cookie; by default the bootstrap
 * owner's), as the console's staff form would; returns the member's id.
 */
export async function createStaff(
  t: TestApp,
  member: { username: string; role: StaffRole; owner?: string },
): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: { cookie: member.owner ?? (await adminCookie(t)) },
    payload: { username: member.username, password: STAFF_PASSWORD, role: member.role },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

/**
 * A staff member of `role`, created by the bootstrap owner and signed in from `address` (default
 * loopback): its name, id and `admin_session=…` cookie.
 */
export async function signedInStaff(
  t: TestApp,
  role: StaffRole,
  opts: { username?: string; address?: string } = {},
): Promise<{ name: string; id: number; cookie: string }> {
  const name = opts.username ?? `${role}_${crypto.randomUUID().slice(0, 6)}`;
  const id = await createStaff(t, { username: name, role });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: name, password: STAFF_PASSWORD },
    remoteAddress: opts.address ?? '127.0.0.1',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { name, id, cookie: firstSetCookie(res) };
}

/** The TOTP code of a base32 `secret` at `ms`. */
export const totpAt = (secret: string, ms: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: ms });

/**
 * A console call in-process with a session cookie (none: signed out), answered as `inject` answers;
 * `payload` goes as JSON when given.
 */
export function consoleCall(
  t: TestApp,
  cookie: string | null | undefined,
  method: string,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** `GET url` of the console in-process with a session cookie, which must answer 200; the answer's JSON. */
export function consoleRead(t: TestApp, cookie: string, url: string) {
  return readJson(t, url, cookie ? { cookie } : {});
}
