import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveStream, type OpenStream } from './support/live-stream.ts';
import { cpxPostbackPath, fromCpx } from './support/postbacks.ts';
import { startServerProcesses, type ServerProcesses } from './support/server-processes.ts';
import { testEngine } from './support/test-database.ts';

/**
 * 1,000 open live-feed streams cost the server process less than 50 MB. Measured as the
 * production server's resident memory (VmRSS of the child process) with the streams open, against
 * the same process after a warm-up round of streams; then one credit reaches all 1,000.
 */
const STREAMS = 1000;
const BUDGET_MB = 50;

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory sampled 5 times over a second; garbage collection makes one sample noisy. */
async function samples(pid: number): Promise<number[]> {
  const taken: number[] = [];
  for (let i = 0; i < 5; i++) {
    taken.push(rssMb(pid));
    await sleep(250);
  }
  return taken;
}

async function openMany(base: string, n: number): Promise<OpenStream[]> {
  const streams: OpenStream[] = [];
  for (let i = 0; i < n; i += 100) {
    streams.push(
      ...(await Promise.all(Array.from({ length: Math.min(100, n - i) }, () => openLiveStream(base)))),
    );
  }
  return streams;
}

describe.skipIf(process.platform !== 'linux')(`live feed memory (${testEngine})`, () => {
  let cluster: ServerProcesses;
  let base: string;

  beforeAll(async () => {
    cluster = await startServerProcesses(1, { WEB_DIST: 'apps/web/no-such-dist' });
    base = cluster.bases[0]!;
  }, 120_000);

  afterAll(() => cluster?.close(), 60_000);

  it(`${STREAMS} open streams cost the server less than ${BUDGET_MB} MB, and one credit reaches them all`, async () => {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'AliceRBX' }),
    });
    const { user } = (await login.json()) as { user: { robloxId: number } };
    // Warm-up: the stream's code paths compiled, the source started and stopped once.
    for (const s of await openMany(base, 50)) s.close();
    await sleep(1000);
    const pid = cluster.servers[0]!.child.pid!;
    // Conservative: the lowest figure before, the highest with the streams open.
    const before = Math.min(...(await samples(pid)));

    const streams = await openMany(base, STREAMS);
    expect(streams.filter((s) => s.status === 200)).toHaveLength(STREAMS);
    const after = Math.max(...(await samples(pid)));
    const cost = after - before;
    console.log(
      `live feed memory (${testEngine}): ${STREAMS} streams cost ${cost.toFixed(1)} MB ` +
        `(server RSS ${before.toFixed(1)} → ${after.toFixed(1)} MB, ${((cost * 1024) / STREAMS).toFixed(1)} KB a stream)`,
    );
    expect(cost).toBeLessThan(BUDGET_MB);

    const started = Date.now();
    const path = cpxPostbackPath({ trans: 'memory-live-1', user: user.robloxId, local: '1.00' });
    expect((await fetch(`${base}${path}`, { headers: fromCpx })).status).toBe(200);
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'earning', 5000)));
    console.log(
      `live feed (${testEngine}): one credit reached ${STREAMS} streams in ${Date.now() - started} ms`,
    );
    for (const s of streams) s.close();
  }, 120_000);
});
