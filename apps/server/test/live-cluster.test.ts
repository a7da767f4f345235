import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandin, type Standin } from '@rewards/roblox-standin';
import { freePort } from '../../../e2e/support/processes.ts';
import { openLiveStream } from './support/live-stream.ts';
import { cpxPostbackPath, fromCpx, TEST_CPX_SECRET } from './support/postbacks.ts';
import { NO_HOLDS_OR_REVIEW, RAISED_LIMITS, robloxApisAt } from './support/server-env.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database.ts';

/**
 * Two server processes on one database, as `npm run start:cluster` runs them: a credit made through
 * process A reaches the live streams open on process B, the public earning on every stream and the
 * balance on the player's own. PostgreSQL carries it by LISTEN/NOTIFY (migration 0016's trigger);
 * SQLite, by each process polling the shared file.
 */
describe(`live feed across two server processes (${testEngine})`, () => {
  let database: TestDatabase;
  let standin: Standin;
  const servers: ServerProcess[] = [];
  let a: string;
  let b: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    standin = await startStandin({ port: 0 });
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DATABASE_URL: database.url,
      ADMIN_PASSWORD: 'live-cluster-admin-pw',
      ...robloxApisAt(standin.url),
      CPX_SECURE_HASH: TEST_CPX_SECRET,
      ...NO_HOLDS_OR_REVIEW,
      ...RAISED_LIMITS,
      WEB_DIST: 'apps/web/no-such-dist',
    };
    // One after the other: each checks the schema at start.
    const bases: string[] = [];
    for (const port of [await freePort(), await freePort()]) {
      bases.push(`http://127.0.0.1:${port}`);
      servers.push(await startServerProcess(bases.at(-1)!, { ...env, PORT: String(port) }));
    }
    [a, b] = bases as [string, string];
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    await standin?.close();
    await database?.drop();
  }, 60_000);

  it('a postback credited by process A reaches the streams of process B within 2 s', async () => {
    const login = await fetch(`${a}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'AliceRBX' }),
    });
    const { token, user } = (await login.json()) as { token: string; user: { robloxId: number } };
    const own = await openLiveStream(b, token);
    const anonymous = await openLiveStream(b);
    expect([own.status, anonymous.status]).toEqual([200, 200]);
    await new Promise((r) => setTimeout(r, 500)); // B's LISTEN (or first poll) is in place

    const started = Date.now();
    const path = cpxPostbackPath({ trans: 'cluster-live-1', user: user.robloxId, local: '3.00' });
    const res = await fetch(`${a}${path}`, { headers: fromCpx });
    expect([res.status, await res.text()]).toEqual([200, '1']);

    const [earning, balance] = await Promise.all([
      anonymous.next((e) => e.event === 'earning', 2000),
      own.next((e) => e.event === 'balance', 2000),
    ]);
    const elapsed = Date.now() - started;
    console.log(`live feed (${testEngine}, two processes): credit on A seen on B after ${elapsed} ms`);
    expect(earning.data).toMatchObject({ name: 'Alice…', amount: 3, source: 'CPX Research' });
    expect(balance.data).toEqual({ robux: 3 });
    expect(anonymous.events.filter((e) => e.event === 'balance')).toEqual([]);
    own.close();
    anonymous.close();
  });
});
