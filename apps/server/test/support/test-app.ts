import type { FastifyInstance } from 'fastify';
import { standinControl, startStandin } from '@rewards/roblox-standin';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
import { robloxConfigFromEnv } from '../../src/roblox/config.ts';
import { createRobloxGateway } from '../../src/roblox/gateway.ts';
import { ManualClock } from '../../src/shared/clock.ts';
import type { Deps } from '../../src/deps.ts';
import { answer, type Site } from './site.ts';
import { createTestDatabase } from './test-database.ts';
import { RAISED_LIMITS, robloxApisAt, SITE_OPERATOR } from './server-env.ts';

export const TEST_ADMIN_PASSWORD = 'test-admin-password-123';

export interface TestApp extends Site {
  app: FastifyInstance;
  deps: Deps;
  clock: ManualClock;
  standinUrl: string;
  /** Signs a player in through the real endpoint and returns the session token. */
  login(username: string, ref?: string): Promise<{ token: string; status: number; body: any }>;
  close(): Promise<void>;
}

/** The real app in-process, on a fresh database, talking to a fresh Roblox stand-in. */
/** Settings over the tests' defaults; a function when they name the stand-in (it starts first). */
export type TestEnv = Record<string, string> | ((standinUrl: string) => Record<string, string>);

/** `webDist`: a built web app to serve (link-previews.test.ts); API tests leave it out. */
export async function createTestApp(opts: { env?: TestEnv; webDist?: string } = {}): Promise<TestApp> {
  const standin = await startStandin({ port: 0 });
  const database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    DATABASE_URL: database.url,
    ...robloxApisAt(standin.url),
    ROBLOX_TIMEOUT_MS: '1500',
    ROBLOX_PAYOUT_COOKIE: 'test-payout-cookie',
    CPX_APP_ID: 'test-cpx-app',
    CPX_SECURE_HASH: 'test-cpx-secret',
    // Offer credits are paid at once unless a test is about holds (offer-holds.test.ts keeps the defaults).
    OFFER_HOLD_HOURS: '0',
    // A first withdrawal is paid without review unless a test is about review (withdrawal-rules.test.ts).
    REVIEW_FIRST_WITHDRAWAL: 'false',
    ...RAISED_LIMITS,
    ...SITE_OPERATOR,
    RATE_LIMIT_PROMO_PER_MINUTE: '100000',
    RATE_LIMIT_AVATAR_PER_MINUTE: '100000',
    ...(typeof opts.env === 'function' ? opts.env(standin.url) : opts.env),
  });
  const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
  const deps: Deps = { env, db: database.db, clock, roblox: createRobloxGateway(robloxConfigFromEnv(env)) };
  const app = await buildApp(deps, { logger: process.env.DBG ? true : false, webDist: opts.webDist });
  await app.ready();

  return {
    app,
    deps,
    clock,
    standinUrl: standin.url,
    adminPassword: TEST_ADMIN_PASSWORD,
    control: standinControl(standin.url),
    async api(method, url, body, headers) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      const cookies = res.headers['set-cookie'] ?? [];
      return answer(res.statusCode, res.body, Array.isArray(cookies) ? cookies : [cookies]);
    },
    async login(username, ref) {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, ref } });
      const body = res.json();
      return { token: body.token, status: res.statusCode, body };
    },
    async close() {
      await app.close();
      await database.drop();
      await standin.close();
    },
  };
}

export { bearer } from './site.ts';
