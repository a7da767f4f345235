import { describe, expect, it } from 'vitest';
import { HUMAN_CHECK_MESSAGES, OFFER_REQUIRED_MESSAGE } from '@rewards/contracts';
import { buildApp } from '../src/app.ts';
import * as m0010 from '../src/db/migrations/0010_abuse_limits.ts';
import { newSessionToken } from '../src/modules/auth/tokens.ts';
import { loadEnv } from '../src/env.ts';
import { createPromoCode } from '../src/modules/rewards/index.ts';
import { waitFor } from '../../../e2e/support/processes.ts';
import { claimDaily, profileOf, setBio, verifyBio } from './support/players.ts';
import { sendCpxPostback } from './support/postbacks.ts';
import { seededRandom } from './support/seeded-random.ts';
import { signInFrom } from './support/sign-ins.ts';
import { testApps } from './support/suite.ts';
import { bearer, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { startTurnstileStandin, type TurnstileStandin } from './support/turnstile-standin.ts';
import { expectInvariant } from './support/ledger.ts';
import { startDiscordHook } from './support/discord-hook.ts';
import { startRedisServer } from './support/redis-server.ts';
import { adminSignIn } from './support/admin.ts';
import { addressesIn, expectRateLimited, playerCall } from './support/calls.ts';

/**
 * Limits where they belong: every limit keys on the address TRUST_PROXY yields; wrong
 * admin passwords are also counted across all addresses; a verification sentence belongs to its
 * session; verify attempts are limited per address as well as per player; avatars are limited and
 * cached; BONUSES_REQUIRE_OFFER; the optional Turnstile human check. Each test is an attack that
 * would succeed again if its defence went.
 */

const MINUTE = 60_000;
// Realistic limits: the test app raises the shipped ones so other suites can sign many players in.
const REAL_LIMITS = {
  RATE_LIMIT_LOGIN_PER_MINUTE: '20',
  RATE_LIMIT_VERIFY_PER_MINUTE: '10',
  RATE_LIMIT_PROMO_PER_MINUTE: '60',
  RATE_LIMIT_AVATAR_PER_MINUTE: '60',
};

const newApp = testApps(REAL_LIMITS);

type Headers = Record<string, string>;

/** A new verification sentence for the session (`playerCall`, with its token and an address). */
const REFRESH = { method: 'POST', url: '/api/verification/refresh' } as const;

describe(`limits where they belong on ${testEngine}`, () => {
  describe('every limit keys on the address TRUST_PROXY yields', () => {
    // The caller is this machine (loopback, which TRUST_PROXY's default trusts); the only trusted
    // proxy is 10.9.9.9. A different X-Forwarded-For with each request must not buy a new budget.
    const PROXY_ONLY = { TRUST_PROXY: '10.9.9.9', RATE_LIMIT_PROMO_PER_MINUTE: '10' };
    const caller = '127.0.0.1';
    const spoofed = (i: number): Headers => ({ 'x-forwarded-for': `203.0.113.${i + 1}` });
    const none = (): Headers => ({});

    async function run(
      t: TestApp,
      n: number,
      send: (i: number) => Promise<{ statusCode: number; headers: Record<string, unknown>; json(): any }>,
    ) {
      const answers = [];
      for (let i = 0; i < n; i++) answers.push(await send(i));
      for (const a of answers.filter((a) => a.statusCode === 429)) expectRateLimited(a);
      return answers.map((a) => a.statusCode);
    }

    /** A POST from the caller's address, with the headers a test forges. */
    const postAs = (t: TestApp, url: string, payload: object, headers: Headers) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: caller, headers });
    const adminLogin = (t: TestApp, headers: Headers) =>
      postAs(t, '/api/admin/login', { password: 'not-the-password' }, headers);

    it('30 wrong admin passwords, each with another X-Forwarded-For, are refused with 429 after the limit, as without the header', async () => {
      const withHeader = await newApp(PROXY_ONLY);
      const withoutHeader = await newApp(PROXY_ONLY);
      const spoofedRun = await run(withHeader, 30, (i) => adminLogin(withHeader, spoofed(i)));
      const plainRun = await run(withoutHeader, 30, () => adminLogin(withoutHeader, none()));
      // 10 wrong passwords a minute per address, then the address is blocked; the sign-in limit (20) after.
      const expected = [...Array<number>(11).fill(401), ...Array<number>(19).fill(429)];
      expect(spoofedRun).toEqual(expected);
      expect(plainRun).toEqual(expected);

      // The trusted proxy's forwarded clients do count on their own: the setting decides, not the header.
      const viaProxy = await withHeader.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password: TEST_ADMIN_PASSWORD },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': '198.51.100.77' },
      });
      expect(viaProxy.statusCode).toBe(200);
      const session = await withHeader.deps.db
        .selectFrom('admin_sessions')
        .select('ip')
        .executeTakeFirstOrThrow();
      expect(session.ip).toBe('198.51.100.77');
    });

    it('player sign-in: the same 429s with and without a fresh X-Forwarded-For each time', async () => {
      const withHeader = await newApp(PROXY_ONLY);
      const withoutHeader = await newApp(PROXY_ONLY);
      const login = (t: TestApp, headers: Headers) =>
        postAs(t, '/api/login', { username: 'AliceRBX' }, headers);
      const spoofedRun = await run(withHeader, 30, (i) => login(withHeader, spoofed(i)));
      const plainRun = await run(withoutHeader, 30, () => login(withoutHeader, none()));
      const expected = [...Array<number>(20).fill(200), ...Array<number>(10).fill(429)];
      expect(spoofedRun).toEqual(expected);
      expect(plainRun).toEqual(expected);

      // A burst at once counts the same: exactly the limit's worth get through (the plugin's own
      // in-memory store let every request of a burst larger than the limit see the final count).
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          withHeader.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { username: 'BobBuilder' },
            remoteAddress: '198.51.100.99',
            headers: spoofed(i),
          }),
        ),
      );
      expect(burst.map((a) => a.statusCode).filter((s) => s === 200)).toHaveLength(20);
      expect(burst.map((a) => a.statusCode).filter((s) => s === 429)).toHaveLength(10);
    });

    it('promo redemption from many accounts of one address: the same 429s with and without the header', async () => {
      const attempts = async (t: TestApp, headers: (i: number) => Headers) => {
        // Three accounts, signed in elsewhere, guessing codes from the one caller address.
        const tokens: string[] = [];
        for (const [i, name] of ['AliceRBX', 'BobBuilder', 'CarolPlays'].entries()) {
          tokens.push((await signInFrom(t, name, { address: `192.0.2.${i + 1}` })).token);
        }
        return run(t, 30, (i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/promocode/redeem',
            payload: { code: `GUESS${i}` },
            headers: { ...bearer(tokens[i % 3]!), ...headers(i) },
            remoteAddress: caller,
          }),
        );
      };
      const withHeader = await newApp(PROXY_ONLY);
      const withoutHeader = await newApp(PROXY_ONLY);
      const expected = [...Array<number>(10).fill(404), ...Array<number>(20).fill(429)];
      expect(await attempts(withHeader, spoofed)).toEqual(expected);
      expect(await attempts(withoutHeader, none)).toEqual(expected);
    });
  });

  describe('wrong admin passwords across all addresses', () => {
    it('beyond 50 in 10 minutes each further attempt waits a doubling back-off (429, Retry-After); the owner is alerted once per episode', async () => {
      const discord = await startDiscordHook();
      try {
        const t = await newApp({ DISCORD_WEBHOOK_URL: discord.url });
        const attempt = (remoteAddress: string, password = 'wrong-guess') =>
          adminSignIn(t.app, password, remoteAddress);
        const freshAddress = addressesIn('203.0');

        // The owner signed in from home before the attack.
        expect((await attempt('198.51.100.200', TEST_ADMIN_PASSWORD)).statusCode).toBe(200);

        // 51 guesses from 51 addresses: none is limited per address, so each is answered 401.
        for (let i = 0; i < 51; i++) expect((await attempt(freshAddress())).statusCode).toBe(401);

        // Beyond 50: the next attempt, from anywhere new, waits; even the right password is not looked at.
        const waits: number[] = [];
        for (let step = 0; step < 5; step++) {
          const refused = await attempt(freshAddress(), TEST_ADMIN_PASSWORD);
          expectRateLimited(refused);
          expect(refused.json().error).toMatch(/^Too many wrong admin passwords on this site/);
          const wait = Number(refused.headers['retry-after']);
          waits.push(wait);
          t.clock.advance(wait * 1000 - 1);
          expectRateLimited(await attempt(freshAddress()));
          t.clock.advance(1);
          expect((await attempt(freshAddress())).statusCode).toBe(401);
        }
        expect(waits).toEqual([1, 2, 4, 8, 16]);

        // When a wait ends, one attempt of a burst that waited for it goes through, not the burst.
        t.clock.advance(32_000);
        const burst = await Promise.all(Array.from({ length: 40 }, () => attempt(freshAddress())));
        expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(1);
        expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(39);

        // The owner's known address is not held back by the site-wide wait.
        expectRateLimited(await attempt(freshAddress(), TEST_ADMIN_PASSWORD));
        expect((await attempt('198.51.100.200', TEST_ADMIN_PASSWORD)).statusCode).toBe(200);

        // One alert for the episode, however many attempts followed.
        const alerts = await discord.settled();
        expect(alerts).toHaveLength(1);
        expect(alerts[0]!.content).toContain('51 wrong passwords in the last 10 minutes from 51 addresses');
        expect(alerts[0]!.allowed_mentions).toEqual({ parse: [] });

        // Ten quiet minutes end the episode; the next one alerts again.
        t.clock.advance(10 * MINUTE + 1000);
        expect((await attempt(freshAddress())).statusCode).toBe(401);
        for (let i = 0; i < 50; i++) expect((await attempt(freshAddress())).statusCode).toBe(401);
        expectRateLimited(await attempt(freshAddress()));
        expect(await discord.settled()).toHaveLength(2);
        // Old failures are pruned: only the current window's are kept.
        const kept = await t.deps.db.selectFrom('admin_login_failures').select('id').execute();
        expect(kept).toHaveLength(51);
      } finally {
        await discord.close();
      }
    });

    it('two server processes on one database share the count', async () => {
      const t = await newApp();
      // A second app on the same database, as a second process behind the load balancer would be.
      const second = await buildApp(t.deps, { logger: false });
      await second.ready();
      try {
        const attempt = (app: typeof second, i: number, password = 'wrong') =>
          adminSignIn(app, password, `203.0.113.${i + 1}`);
        for (let i = 0; i < 51; i++) {
          expect((await attempt(i % 2 === 0 ? t.app : second, i)).statusCode).toBe(401);
        }
        expectRateLimited(await attempt(t.app, 100, TEST_ADMIN_PASSWORD));
        expectRateLimited(await attempt(second, 101, TEST_ADMIN_PASSWORD));
      } finally {
        await second.close();
      }
    });

    it('without DISCORD_WEBHOOK_URL the back-off works the same and nothing fails', async () => {
      const t = await newApp();
      for (let i = 0; i < 51; i++) {
        const res = await adminSignIn(t.app, 'x', `203.0.113.${i + 1}`);
        expect(res.statusCode).toBe(401);
      }
      expectRateLimited(await adminSignIn(t.app, 'x', '203.0.113.200'));
    });
  });

  describe('a verification sentence belongs to its session', () => {
    it('a second session refreshes its sentence 20 times; the first session’s sentence, put in the bio, still verifies', async () => {
      const t = await newApp();
      const owner = (await signInFrom(t, 'DaveTheBrave', { address: '198.51.100.30' })).token;
      const impersonator = (await signInFrom(t, 'DaveTheBrave', { address: '203.0.113.30' })).token;
      const ownerSentence = (await profileOf(t, owner, 'DaveTheBrave')).verificationCode!;
      expect(ownerSentence).toMatch(/^[a-z]+( [a-z]+){5}$/);

      const seen = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const res = await playerCall(t, { ...REFRESH, token: impersonator, address: '203.0.113.30' });
        expect(res.statusCode).toBe(200);
        seen.add(res.json().verificationCode);
      }
      expect(seen.size).toBeGreaterThan(15);
      // The owner's page still shows the sentence they are putting in their bio.
      expect((await profileOf(t, owner, 'DaveTheBrave')).verificationCode).toBe(ownerSentence);
      expect((await profileOf(t, impersonator, 'DaveTheBrave')).verificationCode).not.toBe(ownerSentence);

      await setBio(t, 1004, `Hi! ${ownerSentence}`);
      const res = await verifyBio(t.app, owner, { address: '198.51.100.30' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Verified successfully!' });
      expect((await profileOf(t, owner, 'DaveTheBrave')).verified).toBe(true);
    });

    it('any live session’s sentence verifies the account, whichever session asks; an ended session’s does not', async () => {
      const t = await newApp();
      const first = (await signInFrom(t, 'CarolPlays', { address: '198.51.100.31' })).token;
      const second = (await signInFrom(t, 'CarolPlays', { address: '198.51.100.31' })).token;
      const fresh = (await playerCall(t, { ...REFRESH, token: second, address: '198.51.100.31' })).json()
        .verificationCode as string;
      const original = (await profileOf(t, first, 'CarolPlays')).verificationCode!;
      expect(fresh).not.toBe(original);

      // The second session signs out: its sentence stops counting.
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(second) })).statusCode,
      ).toBe(204);
      await setBio(t, 1003, fresh);
      const stale = await verifyBio(t.app, first, { address: '198.51.100.31' });
      expect(stale.statusCode).toBe(400);
      expect(stale.json().message).toBe('Verification code not found in bio.');

      // A third session verifies with the first session's sentence in the bio.
      const third = (await signInFrom(t, 'CarolPlays', { address: '198.51.100.32' })).token;
      await setBio(t, 1003, original.toUpperCase());
      expect((await verifyBio(t.app, third, { address: '198.51.100.32' })).statusCode).toBe(200);
      expect((await profileOf(t, first, 'CarolPlays')).verified).toBe(true);
    });

    it('sessions opened before migration 0010 keep the account’s sentence, so a bio set up then still verifies', async () => {
      const t = await newApp();
      await signInFrom(t, 'AliceRBX', { address: '198.51.100.34' }); // creates the account and its sentence
      const user = await t.deps.db
        .selectFrom('users')
        .select(['id', 'verification_code'])
        .where('roblox_id', '=', 1001)
        .executeTakeFirstOrThrow();
      // The database as it was before 0010, with a live and a signed-out session of that time.
      await m0010.down(t.deps.db);
      const live = newSessionToken();
      const ended = newSessionToken();
      const now = t.clock.now();
      const expires = new Date(now.getTime() + 86_400_000).toISOString();
      for (const [s, revoked] of [
        [live, null],
        [ended, now.toISOString()],
      ] as const) {
        await t.deps.db
          .insertInto('sessions')
          .values({
            token_hash: s.hash,
            user_id: user.id,
            created_at: now.toISOString(),
            expires_at: expires,
            revoked_at: revoked,
          } as never)
          .execute();
      }
      await m0010.up(t.deps.db);
      const code = async (hash: string) =>
        (
          await t.deps.db
            .selectFrom('sessions')
            .select('verification_code')
            .where('token_hash', '=', hash)
            .executeTakeFirstOrThrow()
        ).verification_code;
      expect(await code(live.hash)).toBe(user.verification_code);
      expect(await code(ended.hash)).toBeNull();
      expect((await profileOf(t, live.token, 'AliceRBX')).verificationCode).toBe(user.verification_code);
      await setBio(t, 1001, user.verification_code!);
      expect((await verifyBio(t.app, live.token, { address: '198.51.100.34' })).statusCode).toBe(200);
    });

    it('an expired session’s sentence does not verify', async () => {
      const t = await newApp({ SESSION_TTL_DAYS: '1' });
      const old = (await signInFrom(t, 'BobBuilder', { address: '198.51.100.33' })).token;
      const oldSentence = (await playerCall(t, { ...REFRESH, token: old, address: '198.51.100.33' })).json()
        .verificationCode as string;
      t.clock.advance(2 * 24 * 60 * MINUTE);
      const current = (await signInFrom(t, 'BobBuilder', { address: '198.51.100.33' })).token;
      await setBio(t, 1002, oldSentence);
      expect((await verifyBio(t.app, current, { address: '198.51.100.33' })).statusCode).toBe(400);
      await setBio(t, 1002, (await profileOf(t, current, 'BobBuilder')).verificationCode!);
      expect((await verifyBio(t.app, current, { address: '198.51.100.33' })).statusCode).toBe(200);
    });
  });

  describe('verify attempts: per player from each address, and per address', () => {
    it('an impersonator elsewhere cannot use up the owner’s attempts, and is limited himself', async () => {
      const t = await newApp({ RATE_LIMIT_VERIFY_PER_MINUTE: '3' });
      const X = '203.0.113.40'; // the impersonator
      const Y = '198.51.100.40'; // the owner
      const impersonator = (await signInFrom(t, 'AliceRBX', { address: X })).token;
      const owner = (await signInFrom(t, 'AliceRBX', { address: Y })).token;
      await setBio(t, 1001, 'nothing here yet');

      for (let i = 0; i < 3; i++)
        expect((await verifyBio(t.app, impersonator, { address: X })).statusCode).toBe(400);
      expectRateLimited(await verifyBio(t.app, impersonator, { address: X }));
      // X-Forwarded-For from an untrusted caller picks nothing.
      expectRateLimited(
        await verifyBio(t.app, impersonator, { address: X, headers: { 'x-forwarded-for': '198.51.100.40' } }),
      );

      // The owner still has every attempt: two misses, then the sentence is in the bio.
      expect((await verifyBio(t.app, owner, { address: Y })).statusCode).toBe(400);
      expect((await verifyBio(t.app, owner, { address: Y })).statusCode).toBe(400);
      await setBio(t, 1001, (await profileOf(t, owner, 'AliceRBX')).verificationCode!);
      expect((await verifyBio(t.app, owner, { address: Y })).statusCode).toBe(200);

      // Switching to another account from X does not help: the address's own budget is spent.
      const other = (await signInFrom(t, 'BobBuilder', { address: X })).token;
      expectRateLimited(await verifyBio(t.app, other, { address: X }));
    });

    it('one player from one address: RATE_LIMIT_VERIFY_PER_MINUTE however many sessions they open; forwarded clients of a trusted proxy count apart', async () => {
      const t = await newApp({ RATE_LIMIT_VERIFY_PER_MINUTE: '2' });
      const a = (await signInFrom(t, 'CarolPlays', { address: '198.51.100.41' })).token;
      const b = (await signInFrom(t, 'CarolPlays', { address: '198.51.100.41' })).token;
      expect((await verifyBio(t.app, a, { address: '198.51.100.41' })).statusCode).toBe(400);
      expect((await verifyBio(t.app, b, { address: '198.51.100.41' })).statusCode).toBe(400);
      expectRateLimited(await verifyBio(t.app, a, { address: '198.51.100.41' }));
      expectRateLimited(await verifyBio(t.app, b, { address: '198.51.100.41' }));
      // Behind our own proxy (a private address, trusted by default) each client has its own budget.
      for (const client of ['198.51.100.42', '198.51.100.43']) {
        const headers = { 'x-forwarded-for': client };
        expect((await verifyBio(t.app, a, { address: '10.0.0.5', headers })).statusCode).toBe(400);
        expect((await verifyBio(t.app, a, { address: '10.0.0.5', headers })).statusCode).toBe(400);
        expectRateLimited(await verifyBio(t.app, a, { address: '10.0.0.5', headers }));
      }
    });
  });

  describe('/api/avatar: limited per address, answered from a bounded cache', () => {
    it('10,000 requests for random ids from one address cause at most the limit’s worth of Roblox calls', async () => {
      const t = await newApp({ RATE_LIMIT_AVATAR_PER_MINUTE: '60' });
      const avatar = (id: number, remoteAddress: string) =>
        t.app.inject({ method: 'GET', url: `/api/avatar/${id}`, remoteAddress });
      const robloxCalls = async () => {
        const stats = (await t.control('GET', '/stats')) as Record<string, number>;
        return Object.entries(stats)
          .filter(([path]) => path.startsWith('/v1/users/avatar-headshot') || path.startsWith('/avatar/'))
          .reduce((sum, [, n]) => sum + n, 0);
      };
      // A player's avatar, seen once (e.g. on the leaderboard), is cached.
      expect((await avatar(1001, '198.51.100.50')).statusCode).toBe(200);

      const attacker = '203.0.113.70';
      const before = await robloxCalls();
      const statuses = new Map<number, number>();
      const ids: number[] = [];
      // Random ids, each asked once: a repeated one would be answered from the cache without counting.
      const random = seededRandom('avatar ids');
      for (let batch = 0; batch < 50; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 200 }, () => {
            const id = 1_000_000_000 + ids.length * 100 + Math.floor(random() * 100);
            ids.push(id);
            return avatar(id, attacker);
          }),
        );
        for (const a of answers) {
          statuses.set(a.statusCode, (statuses.get(a.statusCode) ?? 0) + 1);
          if (a.statusCode === 429) expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      const calls = (await robloxCalls()) - before;
      expect(statuses.get(404)).toBe(60);
      expect(statuses.get(429)).toBe(10_000 - 60);
      expect(calls).toBeLessThanOrEqual(60);
      console.log(`avatar: 10,000 random ids from one address -> ${calls} Roblox calls`);

      // Cached answers do not count: the cached avatar, and an id already known to have none.
      expect((await avatar(1001, attacker)).statusCode).toBe(200);
      const known404 = ids.find((_, i) => i < 200)!;
      const repeat = await avatar(known404, attacker);
      expect([404, 429]).toContain(repeat.statusCode);
      // Another address has its own budget.
      expect((await avatar(1_999_999_999, '198.51.100.51')).statusCode).toBe(404);
      expect((await robloxCalls()) - before).toBeLessThanOrEqual(61);
    });

    it('a page of cached avatars never reaches the limit; concurrent asks for one id make one lookup', async () => {
      const t = await newApp({ RATE_LIMIT_AVATAR_PER_MINUTE: '3' });
      const avatar = (id: number, remoteAddress: string) =>
        t.app.inject({ method: 'GET', url: `/api/avatar/${id}`, remoteAddress });
      const stats = async () => (await t.control('GET', '/stats')) as Record<string, number>;
      const school = '198.51.100.60';
      for (const id of [1001, 1002, 1003]) expect((await avatar(id, school)).statusCode).toBe(200);
      // The leaderboard's avatars again and again from the same (shared) address: served from the cache.
      for (let i = 0; i < 20; i++) {
        for (const id of [1001, 1002, 1003]) expect((await avatar(id, school)).statusCode).toBe(200);
      }
      expectRateLimited(await avatar(1004, school));

      const headshotsBefore = (await stats())['/v1/users/avatar-headshot'] ?? 0;
      const answers = await Promise.all(Array.from({ length: 50 }, () => avatar(1004, '198.51.100.61')));
      // At most the limit's worth are let through to the lookup, and they share one Roblox call.
      expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(3);
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 429)).toBe(true);
      const after = await stats();
      expect((after['/v1/users/avatar-headshot'] ?? 0) - headshotsBefore).toBe(1);
      expect(after['/avatar/1004.png']).toBe(1);
    });
  });

  describe('with REDIS_URL, the new limits are shared by every process like the others', () => {
    it('avatar and verify-bio address limits count across two apps', async () => {
      const redis = await startRedisServer();
      try {
        const env = {
          REDIS_URL: redis.url,
          RATE_LIMIT_AVATAR_PER_MINUTE: '3',
          RATE_LIMIT_VERIFY_PER_MINUTE: '3',
        };
        const [a, b] = [await newApp(env), await newApp(env)];
        const avatar = (app: TestApp, id: number, remoteAddress = '198.51.100.110') =>
          app.app.inject({ method: 'GET', url: `/api/avatar/${id}`, remoteAddress });
        // Until its Redis connection is up an app refuses limited requests (503, no x-ratelimit-* headers).
        let warm = 0;
        for (const app of [a, b]) {
          await waitFor(
            async () =>
              (
                await app.app.inject({
                  method: 'POST',
                  url: '/api/login',
                  payload: { username: 'AliceRBX' },
                  remoteAddress: `192.0.2.${++warm}`,
                })
              ).headers['x-ratelimit-remaining'] === '19',
          );
        }
        expect((await avatar(a, 1_500_000_001)).statusCode).toBe(404);
        expect((await avatar(b, 1_500_000_002)).statusCode).toBe(404);
        expect((await avatar(a, 1_500_000_003)).statusCode).toBe(404);
        expectRateLimited(await avatar(b, 1_500_000_004));
        expectRateLimited(await avatar(a, 1_500_000_005));

        const X = '203.0.113.111';
        const onA = (await signInFrom(a, 'CarolPlays', { address: '192.0.2.50' })).token;
        const onB = (await signInFrom(b, 'DaveTheBrave', { address: '192.0.2.51' })).token;
        expect((await verifyBio(a.app, onA, { address: X })).statusCode).toBe(400);
        expect((await verifyBio(b.app, onB, { address: X })).statusCode).toBe(400);
        expect((await verifyBio(a.app, onA, { address: X })).statusCode).toBe(400);
        expectRateLimited(await verifyBio(b.app, onB, { address: X }));
      } finally {
        await redis.stop();
      }
    });
  });

  describe('BONUSES_REQUIRE_OFFER', () => {
    it('is off by default', () => {
      expect(loadEnv({}).BONUSES_REQUIRE_OFFER).toBe(false);
      expect(loadEnv({ BONUSES_REQUIRE_OFFER: 'true' }).BONUSES_REQUIRE_OFFER).toBe(true);
      expect(() => loadEnv({ BONUSES_REQUIRE_OFFER: 'maybe' })).toThrow(/BONUSES_REQUIRE_OFFER/);
    });

    it('when on, promo codes and the daily claim need one completed offer first, with a clear message', async () => {
      const t = await newApp({ BONUSES_REQUIRE_OFFER: 'true' });
      expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
        bonusesRequireOffer: true,
      });
      await createPromoCode(t.deps, { code: 'FRESH', amount: 3 });
      const token = (await signInFrom(t, 'AliceRBX', { address: '198.51.100.80' })).token;
      const claim = () => claimDaily(t.app, token);
      const redeem = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/promocode/redeem',
          payload: { code: 'fresh' },
          headers: bearer(token),
        });
      for (const res of [await claim(), await redeem()]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          error: OFFER_REQUIRED_MESSAGE,
          code: 'OFFER_REQUIRED',
          success: false,
        });
      }
      const entries = () =>
        t.deps.db.selectFrom('ledger_entries').select(['kind', 'amount']).orderBy('id').execute();
      expect(await entries()).toEqual([]);

      // One offer completed (a CPX survey's postback counts as one), and both open.
      const trans = 'first-offer-1';
      const postback = await sendCpxPostback(t, { trans, user: 1001, local: '2', usd: '0.02' });
      expect(postback.statusCode).toBe(200);
      expect((await claim()).statusCode).toBe(200);
      expect((await redeem()).statusCode).toBe(200);
      expect((await entries()).map((e) => e.kind)).toEqual(['survey', 'daily', 'promo']);
      await expectInvariant(t.deps.db);
    });
  });

  describe('Turnstile human check on sign-in and claims', () => {
    let turnstile: TurnstileStandin;
    let t: TestApp;
    const withToken = (token: string | undefined): Headers => (token ? { 'x-turnstile-token': token } : {});

    it('absent keys mean no check; one key without the other stops the start', async () => {
      const plain = await newApp();
      expect((await plain.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
        turnstileSiteKey: null,
        bonusesRequireOffer: false,
      });
      expect(() => loadEnv({ TURNSTILE_SITE_KEY: 'site' })).toThrow(
        /TURNSTILE_SITE_KEY, TURNSTILE_SECRET_KEY/,
      );
      expect(() => loadEnv({ TURNSTILE_SECRET_KEY: 'secret' })).toThrow(/set both/);
      expect(loadEnv({}).TURNSTILE_VERIFY_URL).toBe(
        'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      );
    });

    it('with keys: the web learns the site key, the page may load Cloudflare’s script, and sign-in needs a token Cloudflare accepts', async () => {
      turnstile = await startTurnstileStandin();
      t = await newApp({
        TURNSTILE_SITE_KEY: turnstile.siteKey,
        TURNSTILE_SECRET_KEY: turnstile.secret,
        TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
      });
      const config = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json()).toMatchObject({
        turnstileSiteKey: turnstile.siteKey,
        bonusesRequireOffer: false,
      });
      expect(String(config.headers['content-security-policy'])).toMatch(
        /script-src 'self' https:\/\/challenges\.cloudflare\.com;/,
      );

      const login = (token: string | undefined, remoteAddress = '198.51.100.90', headers: Headers = {}) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'AliceRBX' },
          remoteAddress,
          headers: { ...withToken(token), ...headers },
        });
      const users = async () => (await t.deps.db.selectFrom('users').select('id').execute()).length;

      const missing = await login(undefined);
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toEqual({
        error: HUMAN_CHECK_MESSAGES.missing,
        code: 'HUMAN_CHECK_FAILED',
        success: false,
      });
      expect(turnstile.calls).toHaveLength(0);

      const forged = await login('made-up-token');
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toMatchObject({ error: HUMAN_CHECK_MESSAGES.failed, code: 'HUMAN_CHECK_FAILED' });
      expect(await users()).toBe(0);

      // Through our trusted proxy: Cloudflare is told the forwarded client's address.
      const token = turnstile.issue('login');
      const ok = await login(token, '10.0.0.7', { 'x-forwarded-for': '203.0.113.91' });
      expect(ok.statusCode).toBe(200);
      expect(turnstile.calls.at(-1)).toEqual({
        secret: turnstile.secret,
        response: token,
        remoteip: '203.0.113.91',
      });
      // A token works once.
      const replay = await login(token);
      expect(replay.statusCode).toBe(403);
      expect(replay.json().error).toBe(HUMAN_CHECK_MESSAGES.failed);
    });

    it('the daily claim and promo redemption need a fresh token; a refused claim credits nothing', async () => {
      await createPromoCode(t.deps, { code: 'HUMAN', amount: 4 });
      const token = (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'BobBuilder' },
          remoteAddress: '198.51.100.92',
          headers: withToken(turnstile.issue('login')),
        })
      ).json().token as string;
      const claim = (human?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/streak-rewards/claim',
          payload: {},
          headers: { ...bearer(token), ...withToken(human) },
        });
      const redeem = (human?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/promocode/redeem',
          payload: { code: 'human' },
          headers: { ...bearer(token), ...withToken(human) },
        });
      const credits = async () =>
        (await t.deps.db.selectFrom('ledger_entries').select('kind').execute()).map((e) => e.kind);

      for (const res of [
        await claim(),
        await redeem(),
        await claim('x'.repeat(3000)),
        await redeem('nope'),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'HUMAN_CHECK_FAILED', success: false });
      }
      expect(await credits()).toEqual([]);

      // Cloudflare not answering, or failing: refused with 503, never let through unchecked.
      for (const mode of ['down', 'error'] as const) {
        turnstile.mode = mode;
        const res = await claim(turnstile.issue('daily'));
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          code: 'HUMAN_CHECK_UNAVAILABLE',
          error: HUMAN_CHECK_MESSAGES.unavailable,
          success: false,
        });
      }
      turnstile.mode = 'up';
      expect(await credits()).toEqual([]);

      // A token solved in another form's widget is not spent here.
      for (const res of [await claim(turnstile.issue('login')), await redeem(turnstile.issue('daily'))]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'HUMAN_CHECK_FAILED', error: HUMAN_CHECK_MESSAGES.failed });
      }
      expect(await credits()).toEqual([]);

      expect((await claim(turnstile.issue('daily'))).statusCode).toBe(200);
      expect((await redeem(turnstile.issue('promo'))).statusCode).toBe(200);
      expect((await credits()).sort()).toEqual(['daily', 'promo']);
      await expectInvariant(t.deps.db);
      await turnstile.close();
    });
  });
});
