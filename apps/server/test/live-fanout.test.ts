import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveStreams } from './support/live-stream.ts';
import { cpxPostbackPath, fromCpx } from './support/postbacks.ts';
import { startServerProcesses, type ServerProcesses } from './support/server-processes.ts';
import { testEngine } from './support/test-database.ts';

/**
 * 1,000 live-feed streams open on one production server process: every one is served, and one credit
 * reaches them all. What they cost in memory, and how soon a credit shows, `npm run bench` measures
 * (bench/live-feed.ts).
 */
const STREAMS = 1000;

describe(`live feed fan-out (${testEngine})`, () => {
  let cluster: ServerProcesses;
  let base: string;

  beforeAll(async () => {
    cluster = await startServerProcesses(1, { WEB_DIST: 'apps/web/no-such-dist' });
    base = cluster.bases[0]!;
  }, 120_000);

  afterAll(() => cluster?.close(), 60_000);

  it(`${STREAMS} open streams are all served, and one credit reaches them all`, async () => {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'AliceRBX' }),
    });
    const { user } = (await login.json()) as { user: { robloxId: number } };

    const streams = await openLiveStreams(base, STREAMS);
    expect(streams.filter((s) => s.status === 200)).toHaveLength(STREAMS);

    const path = cpxPostbackPath({ trans: 'fanout-live-1', user: user.robloxId, local: '1.00' });
    expect((await fetch(`${base}${path}`, { headers: fromCpx })).status).toBe(200);
    const earnings = await Promise.all(streams.map((s) => s.next((e) => e.event === 'earning')));
    expect(new Set(earnings.map((e) => JSON.stringify(e.data))).size).toBe(1);
    expect(earnings[0]!.data).toMatchObject({ name: 'Alice…', amount: 1 });
    for (const s of streams) s.close();
  }, 120_000);
});
