import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.ts';
import { REQUEST_TIMEOUT_MS } from '../src/app.ts';
import { adminCookie, adminSignIn } from './support/admin.ts';
import { testApps } from './support/suite.ts';
import { bearer, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app.ts';
import { concreteUrl } from './support/site.ts';
import { withdraw } from './support/gamepasses.ts';
import { verifyBio } from './support/players.ts';
import { testEngine } from './support/test-database.ts';
import { freePort, waitFor } from '../../../e2e/support/processes.ts';
import { startRedisServer } from './support/redis-server.ts';
import { ROOT } from './support/commands.ts';

const DAY = 24 * 3_600_000;

const newApp = testApps();

let t: TestApp;

/** Fills each `:param` with a harmless value. */

describe(`defences on ${testEngine}`, () => {
  beforeAll(async () => {
    t = await newApp();
  });

  describe('security headers', () => {
    const csp = (header: unknown) => {
      const directives = new Map<string, string[]>();
      for (const part of String(header).split(';')) {
        const [name, ...values] = part.trim().split(/\s+/);
        if (name) directives.set(name, values);
      }
      return directives;
    };

    it('every answer carries a CSP without inline scripts, frames only from https providers, no framing of us', async () => {
      for (const url of ['/api/health', '/api/leaderboard', '/api/user/AliceRBX', '/api/no-such-thing']) {
        const res = await t.app.inject({ method: 'GET', url });
        const directives = csp(res.headers['content-security-policy']);
        expect(directives.get('script-src')).toEqual(["'self'"]);
        expect(directives.get('script-src-attr')).toEqual(["'none'"]);
        expect(directives.get('default-src')).toEqual(["'self'"]);
        expect(directives.get('object-src')).toEqual(["'none'"]);
        expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
        expect(directives.get('frame-src')).toEqual(['https:']);
        expect(directives.get('base-uri')).toEqual(["'self'"]);
        expect(directives.get('connect-src')).toEqual(["'self'"]);
        for (const [name, values] of directives) {
          if (name.startsWith('script-src') || name === 'default-src') {
            expect(values).not.toContain("'unsafe-inline'");
            expect(values).not.toContain("'unsafe-eval'");
          }
        }
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
        expect(res.headers['x-powered-by']).toBeUndefined();
      }
    });

    it('HSTS only in production', async () => {
      const dev = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(dev.headers['strict-transport-security']).toBeUndefined();

      const prod = await newApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://rbx.example' });
      const res = await prod.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });
  });

  describe('no CORS for other origins', () => {
    it('no answer of any route carries access-control-* headers, even for a signed-in caller', async () => {
      const { token } = await t.login('AliceRBX');
      const cookie = await adminCookie(t);
      const routes = t.app.routeList.filter((r) => r.url !== '/*');
      expect(routes.length).toBeGreaterThan(50);
      for (const route of routes) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          headers: { origin: 'https://evil.example', ...bearer(token), cookie },
        });
        const cors = Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));
        expect(cors, `${route.method} ${route.url}`).toEqual([]);
      }
    });

    it('a preflight from another origin gets no allow headers', async () => {
      const urls = [...new Set(t.app.routeList.filter((r) => r.url !== '/*').map((r) => concreteUrl(r.url)))];
      for (const url of urls) {
        const res = await t.app.inject({
          method: 'OPTIONS',
          url,
          headers: {
            origin: 'https://evil.example',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization, content-type',
          },
        });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(
          Object.keys(res.headers).filter((h) => h.startsWith('access-control-')),
          url,
        ).toEqual([]);
      }
    });
  });

  it('a request must arrive whole within REQUEST_TIMEOUT_MS: a trickled body cannot hold a connection', () => {
    // Node closes a request that takes longer (answering 408); Fastify on its own sets no limit.
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });

  describe('request body limit (64 KB)', () => {
    it('a body over 64 KB is refused with 413 and a JSON error; one just under it reaches validation', async () => {
      const over = JSON.stringify({ username: 'x'.repeat(64 * 1024) });
      for (const url of ['/api/login', '/api/admin/login', '/api/promocode/redeem', '/api/postback/cpx']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: over,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, url).toBe(413);
        expect(res.json()).toEqual({ error: 'Request body is too large.', code: 'PAYLOAD_TOO_LARGE' });
      }
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/postback/cpx',
        payload: `trans_id=${'x'.repeat(70_000)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.statusCode).toBe(413);

      const under = JSON.stringify({ username: 'x'.repeat(64 * 1024 - 20) });
      expect(Buffer.byteLength(under)).toBeLessThanOrEqual(64 * 1024);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: under,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    });

    it('NUL characters and deep nesting are refused before any route sees them', async () => {
      const nul = await t.app.inject({
        method: 'POST',
        url: '/api/promocode/redeem',
        payload: { code: 'A\u0000B' },
        headers: bearer((await t.login('AliceRBX')).token),
      });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toEqual({ error: 'Text may not contain NUL characters.', code: 'VALIDATION' });
      const deep = await t.app.inject({
        method: 'POST',
        url: '/api/postback/cpx',
        payload: '{"a":'.repeat(1000) + '1' + '}'.repeat(1000),
        headers: { 'content-type': 'application/json' },
      });
      expect(deep.statusCode).toBe(400);
      expect(deep.json()).toEqual({ error: 'The request is nested too deeply.', code: 'VALIDATION' });
    });
  });

  describe('sessions', () => {
    const me = (app: TestApp, token: string) =>
      app.app.inject({ method: 'GET', url: '/api/user/AliceRBX', headers: bearer(token) });

    it('a session lasts 30 days by default, then answers 401', async () => {
      expect(loadEnv({}).SESSION_TTL_DAYS).toBe(30);
      const app = await newApp();
      const { token } = await app.login('AliceRBX');
      app.clock.advance(30 * DAY - 60_000);
      expect((await me(app, token)).statusCode).toBe(200);
      app.clock.advance(120_000);
      const expired = await me(app, token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('UNAUTHENTICATED');
    });

    it('SESSION_TTL_DAYS sets the lifetime', async () => {
      const app = await newApp({ SESSION_TTL_DAYS: '2' });
      const { token } = await app.login('AliceRBX');
      app.clock.advance(2 * DAY - 60_000);
      expect((await me(app, token)).statusCode).toBe(200);
      app.clock.advance(120_000);
      expect((await me(app, token)).statusCode).toBe(401);
    });

    it('logout revokes the session on the server; the player’s other sessions live on', async () => {
      const first = await t.login('AliceRBX');
      const second = await t.login('AliceRBX');
      const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first.token) });
      expect(out.statusCode).toBe(204);
      expect((await me(t, first.token)).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first.token) })).statusCode,
      ).toBe(401);
      expect((await me(t, second.token)).statusCode).toBe(200);
    });

    it('admin logout revokes the admin cookie on the server', async () => {
      const cookie = await adminCookie(t);
      const session = () => t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });
      expect((await session()).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } })).statusCode,
      ).toBe(204);
      expect((await session()).statusCode).toBe(401);
    });
  });

  describe('rate limits', () => {
    const expectLimited = (res: { statusCode: number; json(): any; headers: Record<string, unknown> }) => {
      expect(res.statusCode).toBe(429);
      // (The withdrawals routes add the spec's `success: false` and `message` to every error.)
      expect(res.json()).toMatchObject({
        error: 'Too many requests, please slow down.',
        code: 'RATE_LIMITED',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    };

    it('every limited route declares its limits: figure and key, in order, and no route lost one', async () => {
      // Each setting a figure of its own, so a route reading the wrong one shows.
      const app = await newApp({
        RATE_LIMIT_LOGIN_PER_MINUTE: '21',
        RATE_LIMIT_VERIFY_PER_MINUTE: '11',
        RATE_LIMIT_POSTBACK_PER_MINUTE: '3001',
        RATE_LIMIT_PROMO_PER_MINUTE: '61',
      });
      const [login, verify, postback, promo] = [21, 11, 3001, 61];
      const expected: [string, string, ...[number, string][]][] = [
        ['POST', '/api/login', [login, 'address']],
        ['POST', '/api/roblox-lookup', [login, 'address']],
        ['GET', '/api/auth/roblox/start', [login, 'address']],
        ['HEAD', '/api/auth/roblox/start', [login, 'address']],
        ['GET', '/api/auth/roblox/callback', [login, 'address']],
        ['HEAD', '/api/auth/roblox/callback', [login, 'address']],
        ['POST', '/api/auth/roblox/finish', [login, 'address']],
        ['POST', '/api/admin/login', [login, 'address']],
        ['POST', '/api/verify-bio', [verify, 'player-address'], [verify, 'address']],
        ['POST', '/api/login/prove', [verify, 'address']],
        ['POST', '/api/account/prove', [verify, 'player-address'], [verify, 'address']],
        ['POST', '/api/account/protection', [verify, 'player-address'], [verify, 'address']],
        ['POST', '/api/account/protection/proof', [20, 'player-address']],
        ['POST', '/api/verification/refresh', [20, 'player-address']],
        ['POST', '/api/payout-options/check', [verify, 'player-address'], [verify, 'address']],
        ['POST', '/api/withdraw', [60, 'player']],
        ['GET', '/api/postback/:slug', [postback, 'address']],
        ['POST', '/api/postback/:slug', [postback, 'address']],
        ['POST', '/api/promocode/redeem', [30, 'player'], [promo, 'address']],
        ['POST', '/api/giveaway/pick', [30, 'address']],
        ['GET', '/api/account/export', [3, 'player-address'], [10, 'address']],
        ['HEAD', '/api/account/export', [3, 'player-address'], [10, 'address']],
        ['GET', '/api/account/delete', [10, 'player-address'], [30, 'address']],
        ['HEAD', '/api/account/delete', [10, 'player-address'], [30, 'address']],
        ['POST', '/api/account/delete', [10, 'player-address'], [30, 'address']],
      ];
      const declared: Record<string, string[]> = {};
      for (const { method, url, max, key } of app.app.routeLimits) {
        (declared[`${method} ${url}`] ??= []).push(`${max} per ${key}`);
      }
      expect(declared).toEqual(
        Object.fromEntries(
          expected.map(([method, url, ...limits]) => [
            `${method} ${url}`,
            limits.map(([max, key]) => `${max} per ${key}`),
          ]),
        ),
      );
    });

    it("a GET route's HEAD twin is limited too, on the same figure", async () => {
      const app = await newApp({ RATE_LIMIT_LOGIN_PER_MINUTE: '2' });
      const start = () =>
        app.app.inject({ method: 'HEAD', url: '/api/auth/roblox/start', remoteAddress: '198.51.100.9' });
      for (let i = 0; i < 2; i++) expect((await start()).statusCode).not.toBe(429);
      const third = await start();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('player sign-in: RATE_LIMIT_LOGIN_PER_MINUTE per address, whatever is sent', async () => {
      const app = await newApp({ RATE_LIMIT_LOGIN_PER_MINUTE: '3' });
      const login = (remoteAddress: string, payload: object = { username: 'AliceRBX' }, headers = {}) =>
        app.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress, headers });
      expect((await login('198.51.100.1')).statusCode).toBe(200);
      expect((await login('198.51.100.1', { username: 'no such name!' })).statusCode).toBe(400);
      expect((await login('198.51.100.1', { username: 'NoSuchPlayer42' })).statusCode).toBe(404);
      expectLimited(await login('198.51.100.1'));
      // Another address has its own budget.
      expect((await login('198.51.100.2')).statusCode).toBe(200);
      // A client that connects directly cannot pick another address with X-Forwarded-For.
      expectLimited(await login('198.51.100.1', undefined, { 'x-forwarded-for': '203.0.113.99' }));
      // Behind our own proxy (a private address) each forwarded client counts on its own.
      for (let i = 0; i < 3; i++) {
        expect((await login('10.0.0.5', undefined, { 'x-forwarded-for': '203.0.113.10' })).statusCode).toBe(
          200,
        );
      }
      expectLimited(await login('10.0.0.5', undefined, { 'x-forwarded-for': '203.0.113.10' }));
      expect((await login('10.0.0.5', undefined, { 'x-forwarded-for': '203.0.113.11' })).statusCode).toBe(
        200,
      );
    });

    it('admin sign-in and the Roblox name lookup share the sign-in figure, each with its own counter', async () => {
      const app = await newApp({ RATE_LIMIT_LOGIN_PER_MINUTE: '2' });
      const adminLogin = () => adminSignIn(app.app, TEST_ADMIN_PASSWORD, '198.51.100.3');
      expect((await adminLogin()).statusCode).toBe(200);
      expect((await adminLogin()).statusCode).toBe(200);
      expectLimited(await adminLogin());
      const lookup = () =>
        app.app.inject({
          method: 'POST',
          url: '/api/roblox-lookup',
          payload: { username: 'AliceRBX' },
          remoteAddress: '198.51.100.3',
        });
      expect((await lookup()).statusCode).toBe(200);
      expect((await lookup()).statusCode).toBe(200);
      expectLimited(await lookup());
    });

    it('bio verification: RATE_LIMIT_VERIFY_PER_MINUTE per player from an address, however many sessions they open, and per address', async () => {
      const app = await newApp({ RATE_LIMIT_VERIFY_PER_MINUTE: '2' });
      const alice1 = (await app.login('AliceRBX')).token;
      const alice2 = (await app.login('AliceRBX')).token;
      const bob = (await app.login('BobBuilder')).token;
      const verify = (token: string) => verifyBio(app.app, token, { address: '198.51.100.4' });
      expect((await verify(alice1)).statusCode).toBe(400); // code not in bio: counted all the same
      expect((await verify(alice2)).statusCode).toBe(400);
      expectLimited(await verify(alice1));
      expectLimited(await verify(alice2));
      // Same address, another player: the address's own budget is spent too (test/abuse-limits.test.ts).
      expectLimited(await verify(bob));
      // Signed out (from another address): refused by the sign-in check.
      expect((await app.app.inject({ method: 'POST', url: '/api/verify-bio', payload: {} })).statusCode).toBe(
        401,
      );
    });

    it('"Check again" on the payout group: RATE_LIMIT_VERIFY_PER_MINUTE per player from an address, and per address', async () => {
      const app = await newApp({ RATE_LIMIT_VERIFY_PER_MINUTE: '2' });
      const alice1 = (await app.login('AliceRBX')).token;
      const alice2 = (await app.login('AliceRBX')).token;
      const bob = (await app.login('BobBuilder')).token;
      const check = (token: string, remoteAddress = '198.51.100.7') =>
        app.app.inject({
          method: 'POST',
          url: '/api/payout-options/check',
          headers: bearer(token),
          remoteAddress,
        });
      expect((await check(alice1)).statusCode).toBe(200);
      expect((await check(alice2)).statusCode).toBe(200);
      // A second session of the same player shares the budget; so does another player at the address.
      expectLimited(await check(alice1));
      expectLimited(await check(alice2));
      expectLimited(await check(bob));
      // From another address the owner still has checks of their own.
      expect((await check(alice1, '198.51.100.8')).statusCode).toBe(200);
    });

    it('postbacks: RATE_LIMIT_POSTBACK_PER_MINUTE per address', async () => {
      const app = await newApp({ RATE_LIMIT_POSTBACK_PER_MINUTE: '3' });
      const postback = (remoteAddress: string, method: 'GET' | 'POST' = 'GET') =>
        app.app.inject({
          method,
          url: '/api/postback/cpx?status=1&trans_id=t1&user_id=1001&amount_local=1&hash=bad',
          remoteAddress,
        });
      expect((await postback('198.51.100.5')).statusCode).toBe(403);
      expect((await postback('198.51.100.5', 'POST')).statusCode).toBe(403);
      expect((await postback('198.51.100.5')).statusCode).toBe(403);
      expectLimited(await postback('198.51.100.5'));
      expect((await postback('198.51.100.6')).statusCode).toBe(403);
    });

    it('promo redemption (30 a minute per player) and giveaway pick (30 a minute per address)', async () => {
      const app = await newApp();
      const alice = (await app.login('AliceRBX')).token;
      const bob = (await app.login('BobBuilder')).token;
      const redeem = (token: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/promocode/redeem',
          payload: { code: 'NOPE' },
          headers: bearer(token),
        });
      for (let i = 0; i < 30; i++) expect((await redeem(alice)).statusCode).toBe(404);
      expectLimited(await redeem(alice));
      expect((await redeem(bob)).statusCode).toBe(404);

      const pick = (remoteAddress: string) =>
        app.app.inject({ method: 'POST', url: '/api/giveaway/pick', remoteAddress });
      for (let i = 0; i < 30; i++) expect((await pick('198.51.100.7')).statusCode).toBe(404);
      expectLimited(await pick('198.51.100.7'));
      expect((await pick('198.51.100.8')).statusCode).toBe(404);
    });

    it('withdraw keeps its 60 a minute, now counted per player rather than per token', async () => {
      const app = await newApp();
      const tokens = [(await app.login('AliceRBX')).token, (await app.login('AliceRBX')).token];
      for (let i = 0; i < 60; i++) {
        expect((await withdraw(app.app, tokens[i % 2]!, {})).statusCode).toBeLessThan(429);
      }
      expectLimited(await withdraw(app.app, tokens[0]!, {}));
      expectLimited(await withdraw(app.app, tokens[1]!, {}));
    });

    it('with REDIS_URL the counters are shared by every process', async () => {
      const redis = await startRedisServer();
      try {
        const env = { REDIS_URL: redis.url, RATE_LIMIT_LOGIN_PER_MINUTE: '3' };
        const [a, b] = [await newApp(env), await newApp(env)];
        const login = (app: TestApp, remoteAddress = '198.51.100.9') =>
          app.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { username: 'AliceRBX' },
            remoteAddress,
          });
        // Until its connection is up an app refuses limited requests (503, no x-ratelimit-* headers).
        let warmUp = 0;
        for (const app of [a, b]) {
          await waitFor(
            async () => (await login(app, `192.0.2.${++warmUp}`)).headers['x-ratelimit-remaining'] === '2',
          );
        }
        expect((await login(a)).statusCode).toBe(200);
        expect((await login(b)).statusCode).toBe(200);
        expect((await login(a)).statusCode).toBe(200);
        expectLimited(await login(b));
        expectLimited(await login(a));
      } finally {
        await redis.stop();
      }
    });

    it('an unreachable Redis, or one that never answers, refuses limited requests with a 503 at once instead of letting them through or holding them', async () => {
      // Nothing listens on the first port. The second accepts connections and never says a word: a
      // request that waited for Redis would never be answered.
      const sockets = new Set<Socket>();
      const silent = createNetServer((socket) => void sockets.add(socket));
      await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
      try {
        for (const port of [await freePort(), (silent.address() as AddressInfo).port]) {
          const app = await newApp({
            REDIS_URL: `redis://127.0.0.1:${port}`,
            RATE_LIMIT_LOGIN_PER_MINUTE: '1',
          });
          for (let i = 0; i < 3; i++) {
            const res = await app.app.inject({
              method: 'POST',
              url: '/api/login',
              payload: { username: 'AliceRBX' },
            });
            expect(res.statusCode, `Redis at port ${port}, login ${i + 1}`).toBe(503);
            expect(res.json()).toMatchObject({
              code: 'LIMITS_UNAVAILABLE',
              error: expect.stringMatching(/try again/),
            });
          }
        }
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise((ok) => silent.close(ok));
      }
    });
  });

  describe('load shedding', () => {
    /** Holds this process's event loop (the app runs in it) for `ms`, as a stalled request would. */
    const stall = (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until);
    };

    it('while the event loop lags past MAX_EVENT_LOOP_DELAY_MS, requests get 503 OVERLOADED; health still answers; then it recovers', async () => {
      const busy = await newApp({ MAX_EVENT_LOOP_DELAY_MS: '200' });
      const leaderboard = () => busy.app.inject({ method: 'GET', url: '/api/leaderboard' });
      expect((await leaderboard()).statusCode).toBe(200);

      // The lag is sampled every 250 ms: stall until a sample has seen it.
      let shed: Awaited<ReturnType<typeof leaderboard>> | undefined;
      for (let i = 0; i < 20 && !shed; i++) {
        stall(600);
        await new Promise((r) => setTimeout(r, 10));
        const res = await leaderboard();
        if (res.statusCode === 503) shed = res;
      }
      expect(shed?.json()).toMatchObject({ code: 'OVERLOADED' });
      expect(shed?.headers['retry-after']).toBe('5');
      expect((await busy.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      // Once it has caught up, requests are answered again.
      await waitFor(async () => (await leaderboard()).statusCode === 200, 10_000);
    });

    it('is off with MAX_EVENT_LOOP_DELAY_MS=0', async () => {
      const calm = await newApp({ MAX_EVENT_LOOP_DELAY_MS: '0' });
      for (let i = 0; i < 3; i++) {
        stall(600);
        await new Promise((r) => setTimeout(r, 300));
        expect((await calm.app.inject({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(200);
      }
    });
  });

  describe('names from Roblox are text', () => {
    it('the web app never writes HTML from data (no dangerouslySetInnerHTML, innerHTML, outerHTML, insertAdjacentHTML, document.write)', () => {
      const offenders: string[] = [];
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path);
          else if (/\.(tsx?|jsx?|html)$/.test(name)) {
            const text = readFileSync(path, 'utf8');
            for (const word of [
              'dangerouslySetInnerHTML',
              'innerHTML',
              'outerHTML',
              'insertAdjacentHTML',
              'document.write',
            ]) {
              if (text.includes(word)) offenders.push(`${path.slice(ROOT.length + 1)}: ${word}`);
            }
          }
        }
      };
      walk(join(ROOT, 'apps/web/src'));
      expect(offenders).toEqual([]);
    });

    it('the page shell has no inline script', () => {
      const html = readFileSync(join(ROOT, 'apps/web/index.html'), 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      for (const [, attrs, content] of scripts) {
        expect(attrs).toMatch(/\bsrc=/);
        expect(content!.trim()).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    });

    it('the API hands a hostile display name over unchanged, as JSON data', async () => {
      const res = await t.login('XssTester');
      expect(res.status).toBe(200);
      expect(res.body.user.displayName).toBe('<img src=x onerror=alert(1)>');
    });
  });
});
