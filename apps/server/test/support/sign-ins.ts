import { expect } from 'vitest';
import { userIdOf } from './accounts.ts';
import { creditRobux } from './ledger.ts';
import { signInPlayer, verifyPlayer, type SignedInPlayer } from './players.ts';
import { bearer } from './site.ts';
import type { TestApp } from './test-app.ts';

/** Where a sign-in comes from: the address, the browser's device id cookie and user agent, a referral. */
export interface SignInFrom {
  /** The address the server sees (default loopback, as `inject` sends). */
  address?: string;
  /** The `device_id` cookie the browser already has; none: a new browser. */
  device?: string;
  /** The browser's `User-Agent`. */
  browser?: string;
  ref?: string;
  headers?: Record<string, string>;
}

export interface LoginAttempt {
  status: number;
  body: any;
  /** The device id cookie the answer set. */
  device: string | undefined;
  cookie: { name: string; value: string; [k: string]: unknown } | undefined;
}

/** One `POST /api/login` from `from`, in-process, answered as it is (a refusal too). */
export async function loginFrom(t: TestApp, username: string, from: SignInFrom = {}): Promise<LoginAttempt> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, ref: from.ref },
    remoteAddress: from.address ?? '127.0.0.1',
    cookies: from.device ? { device_id: from.device } : {},
    headers: { ...(from.browser ? { 'user-agent': from.browser } : {}), ...from.headers },
  });
  const cookie = res.cookies.find((c) => c.name === 'device_id') as LoginAttempt['cookie'];
  return { status: res.statusCode, body: res.json(), device: cookie?.value, cookie };
}

export interface SignedInFrom {
  name: string;
  token: string;
  robloxId: number;
  /** The site's id of the account. */
  id: number;
  /** The device id cookie the answer set (none when the browser sent one). */
  device: string | undefined;
}

/**
 * Signs a player in through `POST /api/login` from `from` and expects it to open; a name the Roblox
 * stand-in does not know yet is made there first, so a test can invent players freely.
 */
export async function signInFrom(t: TestApp, username: string, from: SignInFrom = {}): Promise<SignedInFrom> {
  let res = await loginFrom(t, username, from);
  if (res.status === 404) {
    await t.control('POST', '/users', { name: username });
    res = await loginFrom(t, username, from);
  }
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const user = await t.deps.db
    .selectFrom('users')
    .select('id')
    .where('roblox_id', '=', res.body.user.robloxId)
    .executeTakeFirstOrThrow();
  return {
    name: username,
    token: res.body.token,
    robloxId: res.body.user.robloxId,
    id: user.id,
    device: res.device,
  };
}

/**
 * A player signed in through the real endpoint (`signInPlayer`), bio-verified when `verified` (with
 * `bioPrefix` before the sentence), protection then turned on or off as `protection` says (through
 * `POST /api/account/protection`, which must answer), with `balance` R$ credited through the ledger;
 * with its site id.
 */
export async function playerWith(
  t: TestApp,
  name: string,
  opts: { verified?: boolean; bioPrefix?: string; protection?: boolean; balance?: number } = {},
): Promise<SignedInPlayer & { userId: number }> {
  const player = await signInPlayer(t, name);
  if (opts.verified) await verifyPlayer(t, player, opts.bioPrefix);
  if (opts.protection !== undefined) {
    const res = await t.api('POST', '/api/account/protection', { on: opts.protection }, bearer(player.token));
    expect([res.status, res.body]).toEqual([200, { protected: opts.protection }]);
  }
  const userId = await userIdOf(t.deps.db, player.robloxId);
  if (opts.balance) await creditRobux(t.deps.db, t.clock, userId, opts.balance);
  return { ...player, userId };
}
