import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openLiveStreams, type OpenStream } from '../apps/server/test/support/live-stream.ts';
import { fromCpx } from '../e2e/support/http.ts';
import { CPX_SECRET } from './options.ts';
import { benchRobloxId } from './seed.ts';

/** Open live-feed streams the memory is measured with, and what they may cost the server at most. */
export const LIVE_STREAMS = 1000;
export const LIVE_STREAMS_MAX_MB = 50;
/** How soon a credit must show on an open stream (the poll runs every second). */
export const LIVE_DELIVERY_MAX_MS = 2000;
/** Credits timed, one after the other; the slowest counts. */
const DELIVERIES = 5;

export interface LiveFeedResult {
  streams: number;
  /** The server's resident memory before and with the streams open (MB). */
  rssBefore: number;
  rssWith: number;
  /** From sending a credit to its earning on a stream, each credit (ms). */
  deliveries: number[];
  /** From sending the last credit to its earning on every stream (ms). */
  fanOutMs: number;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Resident memory sampled 5 times over a second; garbage collection makes one sample noisy. */
async function rssSamples(pid: number): Promise<number[]> {
  const taken: number[] = [];
  for (let i = 0; i < 5; i++) {
    taken.push(rssMb(pid));
    await sleep(250);
  }
  return taken;
}

async function openMany(base: string, n: number): Promise<OpenStream[]> {
  const streams = await openLiveStreams(base, n);
  const refused = streams.filter((s) => s.status !== 200);
  if (refused.length > 0) throw new Error(`${refused.length} live streams refused: ${refused[0]!.status}`);
  return streams;
}

/** A CPX credit of `robux` for a bench player, as CPX sends it; resolves with the moment it was sent. */
async function credit(base: string, trans: string, robux: string): Promise<number> {
  const query = new URLSearchParams({
    status: '1',
    trans_id: trans,
    user_id: String(benchRobloxId(0)),
    amount_local: robux,
    amount_usd: '0.02',
    hash: md5(`${trans}-${CPX_SECRET}`),
  });
  const sent = performance.now();
  const res = await fetch(`${base}/api/postback/cpx?${query}`, { headers: fromCpx });
  if (res.status !== 200) throw new Error(`live-feed credit ${trans}: ${res.status} ${await res.text()}`);
  return sent;
}

/** Resolves with the moment an earning of `robux` reaches `stream`. */
const earningOn = (stream: OpenStream, robux: string): Promise<number> =>
  stream
    .next((e) => e.event === 'earning' && e.data.amount === Number(robux), 30_000)
    .then(() => performance.now());

/**
 * The live feed on the site's server (process `pid`): what 1,000 open streams cost it in resident
 * memory (against the same process after a warm-up round of streams), how soon a credit reaches an
 * open stream from when it was sent, and how soon the last one reaches all 1,000. `tag` keeps the credits' transaction ids apart.
 */
export async function measureLiveFeed(base: string, pid: number, tag: string): Promise<LiveFeedResult> {
  // Warm-up: the stream's code paths compiled, the ledger source started once.
  for (const s of await openMany(base, 50)) s.close();
  await sleep(1000);
  // Conservative: the lowest figure before, the highest with the streams open.
  const rssBefore = Math.min(...(await rssSamples(pid)));
  const streams = await openMany(base, LIVE_STREAMS);
  const rssWith = Math.max(...(await rssSamples(pid)));

  const deliveries: number[] = [];
  let fanOutMs = 0;
  for (let i = 0; i < DELIVERIES; i++) {
    // An amount of its own (the bench's other credits are R$1.50), so each earning is told apart.
    const robux = (1.11 + i / 100).toFixed(2);
    const arrivals = streams.map((s) => earningOn(s, robux));
    const sent = await credit(base, `${tag}-live-${i}`, robux);
    const times = await Promise.all(arrivals);
    deliveries.push(times[0]! - sent);
    fanOutMs = Math.max(...times) - sent;
  }
  for (const s of streams) s.close();
  return { streams: streams.length, rssBefore, rssWith, deliveries, fanOutMs };
}
