import { beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { adminCookie } from './support/admin.ts';
import { proveOwnership, signInPlayer, verifyPlayer } from './support/players.ts';
import { bearer } from './support/site.ts';
import { playerCall } from './support/calls.ts';
import { consoleCall } from './support/staff.ts';
import { openTestApp, t } from './support/suite.ts';
import { testEngine } from './support/test-database.ts';
import { TEST_ADMIN_PASSWORD } from './support/test-app.ts';
import { OAUTH_SITE, registerOAuthClient, robloxSignInEnv } from './support/roblox-oauth.ts';

/**
 * Every answer that carries a session token or cookie, a TOTP secret, recovery codes or a data export
 * says `Cache-Control: no-store` (plugins/no-store.ts), its refusals included, so no browser or proxy
 * cache keeps a copy.
 */

type Injected = Awaited<ReturnType<typeof t.app.inject>>;

function expectNoStore(res: Injected, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe(`no-store answers on ${testEngine}`, () => {
  openTestApp();

  it('player sign-in: POST /api/login and POST /api/login/prove, with a token or refused', async () => {
    await signInPlayer(t, 'NoStoreTyped');
    const typed = await playerCall(t, {
      method: 'POST',
      url: '/api/login',
      body: { username: 'NoStoreTyped' },
    });
    expectNoStore(typed, 200);
    expect(typed.json().token).toEqual(expect.any(String));
    expectNoStore(await playerCall(t, { method: 'POST', url: '/api/login', body: { username: '' } }), 400);

    // A protected account: typing the name answers a proof token; the proof answers a session token.
    const owner = await signInPlayer(t, 'NoStoreProved');
    await verifyPlayer(t, owner);
    await playerCall(t, {
      method: 'POST',
      url: '/api/account/protection',
      body: { on: true },
      token: owner.token,
    });
    const challenge = await playerCall(t, {
      method: 'POST',
      url: '/api/login',
      body: { username: 'NoStoreProved' },
    });
    expectNoStore(challenge, 403);
    const { proofToken, sentence } = challenge.json().proof;
    await t.control('PUT', `/users/${owner.robloxId}/description`, { description: sentence });
    const proved = await playerCall(t, { method: 'POST', url: '/api/login/prove', body: { proofToken } });
    expectNoStore(proved, 200);
    expect(proved.json().token).toEqual(expect.any(String));
    expectNoStore(
      await playerCall(t, { method: 'POST', url: '/api/login/prove', body: { proofToken } }),
      400,
    );
  });

  it('admin and staff sign-in, TOTP setup and the recovery codes', async () => {
    expectNoStore(
      await consoleCall(t, null, 'POST', '/api/admin/login', { password: TEST_ADMIN_PASSWORD }),
      200,
    );
    expectNoStore(
      await consoleCall(t, null, 'POST', '/api/admin/login', { password: 'wrong-password' }),
      401,
    );

    const owner = await adminCookie(t);
    const member = { username: 'nostore_staff', password: 'a-long-staff-password' };
    const created = await consoleCall(t, owner, 'POST', '/api/admin/staff', { ...member, role: 'support' });
    expect(created.statusCode, created.body).toBe(201);
    const staff = await consoleCall(t, null, 'POST', '/api/admin/login', member);
    expectNoStore(staff, 200);
    const cookie = `admin_session=${staff.cookies.find((c) => c.name === 'admin_session')!.value}`;

    const setup = await consoleCall(t, cookie, 'POST', '/api/admin/me/totp/setup');
    expectNoStore(setup, 200);
    const code = TOTP.generate({
      secret: Secret.fromBase32(setup.json().secret),
      timestamp: t.clock.now().getTime(),
    });
    const enabled = await consoleCall(t, cookie, 'POST', '/api/admin/me/totp/enable', { code });
    expectNoStore(enabled, 200);
    expect(enabled.json().recoveryCodes).toHaveLength(10);
    expectNoStore(await consoleCall(t, cookie, 'POST', '/api/admin/me/totp/enable', { code }), 409);
  });

  it('GET /api/account/export', async () => {
    const player = await signInPlayer(t, 'NoStoreExport');
    await proveOwnership(t, player);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: bearer(player.token),
    });
    expectNoStore(res, 200);
    expect(res.json().account).toBeTruthy();
  });

  it('answers without a secret are left to their own caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/leaderboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});

describe(`no-store answers of Sign in with Roblox on ${testEngine}`, () => {
  openTestApp({
    env: robloxSignInEnv,
  });
  beforeAll(async () => {
    await registerOAuthClient(t);
  });

  it('POST /api/auth/roblox/finish, with a session token or refused', async () => {
    const made = (await t.control('POST', '/users', { name: 'NoStoreRoblox' })) as { id: number };
    // The round trip as a browser makes it, its cookie carried from start to callback and finish.
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/roblox/start' });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    authorize.searchParams.set('login_hint', String(made.id));
    const atRoblox = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(atRoblox.headers.get('location')!);
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: Object.fromEntries(start.cookies.map((c) => [c.name, c.value])),
    });
    const landing = new URL(callback.headers.location as string, OAUTH_SITE);
    const code = landing.searchParams.get('roblox');
    expect(code, landing.search).toBeTruthy();

    const browser = { cookie: start.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
    const finished = await playerCall(t, {
      method: 'POST',
      url: '/api/auth/roblox/finish',
      body: { code: code! },
      headers: browser,
    });
    expectNoStore(finished, 200);
    expect(finished.json().token).toEqual(expect.any(String));
    const again = await playerCall(t, {
      method: 'POST',
      url: '/api/auth/roblox/finish',
      body: { code: code! },
      headers: browser,
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.headers['cache-control']).toBe('no-store');
  });
});
