import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_CONFIRM } from '@rewards/contracts';
import { waitFor } from '../../../e2e/support/processes.ts';
import { startRedisServer, type RedisServer } from './support/redis-server.ts';
import { bearer, createTestApp, type TestApp } from './support/test-app.ts';
import { concreteUrl } from './support/site.ts';
import { testEngine } from './support/test-database.ts';

/**
 * With REDIS_URL the limits are counted in Redis, shared by every process. When Redis goes away
 * mid-run, every limited route refuses (503) instead of running unlimited; routes without limits
 * keep answering.
 */
describe(`limits shared through Redis fail closed when Redis goes away, on ${testEngine}`, () => {
  let redis: RedisServer;
  let t: TestApp;

  beforeAll(async () => {
    redis = await startRedisServer();
    t = await createTestApp({ env: { REDIS_URL: redis.url, RATE_LIMIT_LOGIN_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  const signIn = (remoteAddress = '198.51.100.20') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'AliceRBX' }, remoteAddress });

  it('sign-in is counted while Redis runs, and answers 503 in the usual error shape once it is stopped', async () => {
    // Counted in Redis: the remaining figure goes down.
    await waitFor(async () => (await signIn()).headers['x-ratelimit-remaining'] !== undefined);
    const before = await signIn();
    expect(before.statusCode).toBe(200);
    const remaining = Number(before.headers['x-ratelimit-remaining']);
    expect(Number((await signIn()).headers['x-ratelimit-remaining'])).toBe(remaining - 1);
    const token = before.json().token as string;

    await redis.stop();

    const refused = await signIn();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      error: expect.stringMatching(/try again/),
      code: 'LIMITS_UNAVAILABLE',
    });
    expect(refused.headers['x-ratelimit-remaining']).toBeUndefined();

    // Every limited route refuses likewise, for a signed-in player too; a limit declared
    // `ifCountersDown: 'allow'` (postbacks) lets its requests through uncounted.
    const letThrough = t.app.routeLimits.filter((l) => l.ifCountersDown === 'allow').map((l) => l.url);
    expect([...new Set(letThrough)]).toEqual(['/api/postback/:slug']);
    const seen = new Set<string>();
    for (const { method, url } of t.app.routeLimits) {
      if (seen.has(`${method} ${url}`)) continue;
      seen.add(`${method} ${url}`);
      if (letThrough.includes(url)) {
        const res = await t.app.inject({ method: method as 'GET', url: '/api/postback/no-such-wall' });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        continue;
      }
      const res = await t.app.inject({
        method: method as 'GET',
        url: concreteUrl(url),
        headers: bearer(token),
        ...(method === 'GET' || method === 'HEAD' ? {} : { payload: payloadOf(url) }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(503);
    }
    expect(seen.size).toBeGreaterThan(10);

    // A route without limits does not need Redis.
    expect((await t.app.inject({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(200);
  });
});

/** A body that passes the route's validation, so the refusal seen is the limit's. */
function payloadOf(url: string): object {
  if (url.endsWith('/withdraw')) return { gamepassId: 1, amount: 10 };
  if (url.endsWith('/account/delete')) return { confirm: ACCOUNT_DELETION_CONFIRM, forfeitRobux: 0 };
  return {};
}
