import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveStream } from './support/live-stream.ts';
import { cpxPostbackPath, fromCpx } from './support/postbacks.ts';
import { startServerProcesses, type ServerProcesses } from './support/server-processes.ts';
import { testEngine } from './support/test-database.ts';

/**
 * Two server processes on one database, as `npm run start:cluster` runs them: a credit made through
 * process A reaches the live streams open on process B, the public earning on every stream and the
 * balance on the player's own: each process polls the shared ledger (docs/decisions/0019).
 */
describe(`live feed across two server processes (${testEngine})`, () => {
  let cluster: ServerProcesses;
  let a: string;
  let b: string;

  beforeAll(async () => {
    // No web app: this is about the API.
    cluster = await startServerProcesses(2, { WEB_DIST: 'apps/web/no-such-dist' });
    [a, b] = cluster.bases as [string, string];
  }, 120_000);

  afterAll(() => cluster?.close(), 60_000);

  it('a postback credited by process A reaches the streams of process B', async () => {
    const login = await fetch(`${a}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'AliceRBX' }),
    });
    const { token, user } = (await login.json()) as { token: string; user: { robloxId: number } };
    const own = await openLiveStream(b, token);
    const anonymous = await openLiveStream(b);
    // Open: B's poll of the shared ledger knows where it starts.
    expect([own.status, anonymous.status]).toEqual([200, 200]);

    const path = cpxPostbackPath({ trans: 'cluster-live-1', user: user.robloxId, local: '3.00' });
    const res = await fetch(`${a}${path}`, { headers: fromCpx });
    expect([res.status, await res.text()]).toEqual([200, '1']);

    const [earning, balance] = await Promise.all([
      anonymous.next((e) => e.event === 'earning'),
      own.next((e) => e.event === 'balance'),
    ]);
    expect(earning.data).toMatchObject({ name: 'Alice…', amount: 3, source: 'CPX Research' });
    expect(balance.data).toEqual({ robux: 3 });
    expect(anonymous.events.filter((e) => e.event === 'balance')).toEqual([]);
    own.close();
    anonymous.close();
  });

  it('an idle stream gets a comment line every 15 s, so proxies keep it open', async () => {
    const idle = await openLiveStream(b);
    expect(idle.comments).toBeLessThanOrEqual(1); // the opening one
    await expect.poll(() => idle.comments, { timeout: 17_000, interval: 500 }).toBeGreaterThanOrEqual(2);
    expect(idle.events).toEqual([]);
    idle.close();
  }, 20_000);
});
