import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from './support/test-app.ts';
import { rowCount } from './support/records.ts';
import { openTestApp, t } from './support/suite.ts';
import { testEngine } from './support/test-database.ts';
import {
  OAUTH_CALLBACK,
  OAUTH_CLIENT,
  OAUTH_SITE,
  registerOAuthClient,
  robloxSignInEnv,
} from './support/roblox-oauth.ts';

/**
 * The cookie each started attempt left in its browser, by state: a test's callback goes with the
 * cookie of the browser that started it unless it names another.
 */
const browserOfState = new Map<string, string>();

/** GET /api/auth/roblox/start: the stand-in's authorize URL it redirects to (its cookie is kept). */
async function start(ref?: string): Promise<URL> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/auth/roblox/start${ref ? `?ref=${ref}` : ''}`,
  });
  expect(res.statusCode).toBe(302);
  const url = new URL(res.headers.location as string);
  const cookie = res.cookies.find((c) => c.name === 'rbx_oauth');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/roblox' });
  browserOfState.set(url.searchParams.get('state')!, `rbx_oauth=${cookie!.value}`);
  return url;
}

/** The player picks `robloxId` on the stand-in's page: the callback URL Roblox sends the browser to. */
async function authorize(authorizeUrl: URL, robloxId: number): Promise<URL> {
  const url = new URL(authorizeUrl);
  url.searchParams.set('login_hint', String(robloxId));
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/**
 * GET /api/auth/roblox/callback from a browser (by default the one that started the attempt; `null`:
 * a browser without the cookie): where it sends the browser (path and query of the login page).
 */
async function callback(callbackUrl: URL, cookie?: string | null): Promise<URL> {
  expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(OAUTH_CALLBACK);
  const own = browserOfState.get(callbackUrl.searchParams.get('state') ?? '');
  const sent = cookie === undefined ? own : cookie;
  cookieOfLastCallback = sent ?? undefined;
  const res = await t.app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: sent ? { cookie: sent } : {},
  });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string, OAUTH_SITE);
}

/** The browser of the last callback: the one a finish comes from unless a test names another. */
let cookieOfLastCallback: string | undefined;

const finish = (code: string, cookie: string | null | undefined = cookieOfLastCallback) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/roblox/finish',
    payload: { code },
    headers: cookie ? { cookie } : {},
  });

/** The whole round trip as a browser makes it; returns the finish answer. */
async function signInWithRoblox(robloxId: number, ref?: string) {
  const landing = await callback(await authorize(await start(ref), robloxId));
  expect(landing.pathname).toBe('/login');
  const code = landing.searchParams.get('roblox');
  expect(code, `refused: ${landing.search}`).toBeTruthy();
  return finish(code!);
}

const userByRobloxId = (robloxId: number) =>
  t.deps.db.selectFrom('users').selectAll().where('roblox_id', '=', robloxId).executeTakeFirst();

/** A callback that must be refused with `reason`, opening no session. */
async function expectRefused(callbackUrl: URL, reason: string, cookie?: string | null) {
  const before = await rowCount(t.deps.db, 'sessions');
  const landing = await callback(callbackUrl, cookie);
  expect(landing.pathname).toBe('/login');
  expect(landing.searchParams.get('error')).toBe(reason);
  expect(landing.searchParams.has('roblox')).toBe(false);
  expect(await rowCount(t.deps.db, 'sessions')).toBe(before);
}

describe(`Sign in with Roblox on ${testEngine}`, () => {
  openTestApp({
    env: robloxSignInEnv,
  });
  beforeAll(async () => {
    await registerOAuthClient(t);
  });

  it('says it is on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/roblox/config' });
    expect(res.json()).toEqual({ enabled: true });
  });

  it('sends the browser to Roblox with PKCE (S256), state, nonce and the openid profile scopes', async () => {
    const url = await start();
    expect(`${url.origin}${url.pathname}`).toBe(`${t.standinUrl}/oauth/v1/authorize`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(OAUTH_CLIENT.client_id);
    expect(q.get('redirect_uri')).toBe(OAUTH_CALLBACK);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    for (const name of ['code_challenge', 'state', 'nonce']) expect(q.get(name)?.length).toBeGreaterThan(20);
  });

  it('refuses a callback link opened in a browser that did not start the flow, creating nothing', async () => {
    const made = await t.control('POST', '/users', { name: 'MalloryLinks' });
    const robloxId = (made as { id: number }).id;
    // The attacker starts and authorizes as themselves, then sends the victim the callback link.
    const back = await authorize(await start(), robloxId);
    await expectRefused(back, 'roblox_expired', null);
    const otherBrowser = await start();
    await expectRefused(back, 'roblox_expired', browserOfState.get(otherBrowser.searchParams.get('state')!)!);
    expect(await userByRobloxId(robloxId)).toBeUndefined();
    // Nothing was spent: the browser that started it still finishes.
    const landing = await callback(back);
    const code = landing.searchParams.get('roblox')!;
    expect(code).toBeTruthy();
    // The one-time code sent on as a link (/login?roblox=<code>) opens nothing in another browser.
    const elsewhere = await finish(code, null);
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([401, 'ROBLOX_SIGN_IN_FAILED']);
    const stranger = await finish(code, browserOfState.get(otherBrowser.searchParams.get('state')!)!);
    expect(stranger.statusCode).toBe(401);
    const own = await finish(code);
    expect(own.statusCode).toBe(200);
    expect(own.headers['set-cookie']).toContain('rbx_oauth=;');
    expect(await userByRobloxId(robloxId)).toMatchObject({ verified: 1 });
  });

  it('creates a verified account with the page ref, and signs the same account in again', async () => {
    const alice = await t.login('AliceRBX');
    expect(alice.status).toBe(200);
    // Someone else typed Carol's name with their link first: that binds nothing.
    expect((await t.api('POST', '/api/login', { username: 'CarolPlays', ref: 'DaveTheBrave' })).status).toBe(
      200,
    );
    const first = await signInWithRoblox(1003, 'AliceRBX');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, user: { username: 'CarolPlays', robloxId: 1003 } });

    const carol = await userByRobloxId(1003);
    const aliceRow = await userByRobloxId(1001);
    expect(carol).toMatchObject({
      verified: 1,
      protected: 1,
      referred_by: aliceRow!.id,
      referral_via: 'roblox',
    });
    const session = await t.deps.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', carol!.id)
      .where('proof', '=', 'roblox')
      .executeTakeFirstOrThrow();
    expect(session.proven_at).toBe(session.created_at);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/CarolPlays',
      headers: bearer(first.json().token),
    });
    expect(me.statusCode).toBe(200);

    const again = await signInWithRoblox(1003, 'BobBuilder');
    expect(again.statusCode).toBe(200);
    expect(again.json().token).not.toBe(first.json().token);
    expect(await userByRobloxId(1003)).toMatchObject({
      id: carol!.id,
      referred_by: aliceRow!.id,
      verified: 1,
    });
  });

  it('refuses a tampered state, opening no session', async () => {
    const back = await authorize(await start(), 1004);
    back.searchParams.set('state', `${back.searchParams.get('state')}x`);
    await expectRefused(back, 'roblox_expired');
    const missing = new URL(back);
    missing.searchParams.delete('state');
    await expectRefused(missing, 'roblox_expired');
    expect(await userByRobloxId(1004)).toBeUndefined();
  });

  it('takes a flow once: a replayed callback and a reused finish code are refused', async () => {
    const back = await authorize(await start(), 1003);
    const landing = await callback(back);
    const code = landing.searchParams.get('roblox')!;
    await expectRefused(back, 'roblox_expired');
    expect((await finish(code)).statusCode).toBe(200);
    const reused = await finish(code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('ROBLOX_SIGN_IN_FAILED');
    expect((await finish('made-up-code')).statusCode).toBe(401);
  });

  it('refuses a finish code after two minutes', async () => {
    const landing = await callback(await authorize(await start(), 1003));
    t.clock.advance(2 * 60_000 + 1);
    expect((await finish(landing.searchParams.get('roblox')!)).statusCode).toBe(401);
  });

  it('refuses a flow older than ten minutes', async () => {
    const back = await authorize(await start(), 1003);
    t.clock.advance(10 * 60_000 + 1);
    await expectRefused(back, 'roblox_expired');
  });

  it('refuses an id token whose signature was tampered with', async () => {
    const back = await authorize(await start(), 1004);
    await t.control('POST', '/oauth/tamper', { idToken: true });
    await expectRefused(back, 'roblox_refused');
    expect(await userByRobloxId(1004)).toBeUndefined();
  });

  it('refuses an id token with another nonce', async () => {
    const back = await authorize(await start(), 1004);
    await t.control('POST', '/oauth/tamper', { nonce: true });
    await expectRefused(back, 'roblox_refused');
    expect(await userByRobloxId(1004)).toBeUndefined();
  });

  it("refuses a code Roblox does not know (the player's refusal too)", async () => {
    const back = await authorize(await start(), 1004);
    back.searchParams.set('code', 'forged');
    await expectRefused(back, 'roblox_refused');

    const denied = await authorize(await start(), 1004);
    denied.searchParams.delete('code');
    denied.searchParams.set('error', 'access_denied');
    await expectRefused(denied, 'roblox_denied');
  });

  it('says Roblox is not responding when the token endpoint is down', async () => {
    const back = await authorize(await start(), 1004);
    await t.control('POST', '/mode', { mode: 'down', paths: ['/oauth/v1/token'], times: 1 });
    await expectRefused(back, 'roblox_unavailable');
  });

  it('opens a protected account, which typing the name does not; that session may turn protection off', async () => {
    const first = await signInWithRoblox(1002);
    expect(first.statusCode).toBe(200);
    // Proven by Roblox: protected by default.
    expect(await userByRobloxId(1002)).toMatchObject({ verified: 1, protected: 1 });

    const typed = await t.login('BobBuilder');
    expect([typed.status, typed.body.code]).toEqual([403, 'ACCOUNT_PROTECTED']);
    const before = await rowCount(t.deps.db, 'sessions');
    const proven = await signInWithRoblox(1002);
    expect(proven.statusCode).toBe(200);
    expect(await rowCount(t.deps.db, 'sessions')).toBe(before + 1);
    // Opened by Roblox itself: the acts that need recent proof are open to it.
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: bearer(proven.json().token as string),
    });
    expect(exported.statusCode).toBe(200);
    const others = await t.app.inject({
      method: 'POST',
      url: '/api/account/sessions/revoke-others',
      headers: bearer(proven.json().token as string),
    });
    expect([others.statusCode, others.json().revoked]).toEqual([200, 1]);

    // Proof made just now: protection can be switched off with this session alone.
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/account/protection',
      payload: { on: false },
      headers: bearer(proven.json().token as string),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await t.login('BobBuilder')).status).toBe(200);
  });

  it('refuses a banned account', async () => {
    const dave = await t.login('DaveTheBrave');
    expect(dave.status).toBe(200);
    await t.deps.db.updateTable('users').set({ status: 'banned' }).where('roblox_id', '=', 1004).execute();
    await expectRefused(await authorize(await start(), 1004), 'roblox_banned');
  });
});

describe(`Sign in with Roblox switched off on ${testEngine}`, () => {
  openTestApp();

  it('hides the button and answers 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/roblox/config' })).json()).toEqual({
      enabled: false,
    });
    for (const url of ['/api/auth/roblox/start', '/api/auth/roblox/callback?code=a&state=b']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect((await finish('anything')).statusCode).toBe(404);
  });
});
