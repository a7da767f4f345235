import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { standinControl, startStandin } from '@rewards/roblox-standin';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { robloxConfigFromEnv } from '../apps/server/src/roblox/config.ts';
import { createRobloxGateway } from '../apps/server/src/roblox/gateway.ts';
import { priceFor } from '../apps/server/test/support/gamepasses.ts';
import { robloxApisAt } from '../apps/server/test/support/server-env.ts';
import { callApi, fromCpx } from '../e2e/support/http.ts';
import { CPX_SECRET } from './options.ts';
import { startSiteServer } from './servers.ts';

/**
 * While Roblox is down (connections dropped), slow (answering after 10 s) or rate-limiting (429),
 * every call that needs Roblox must answer within this: a clear error, not a hang.
 */
export const OUTAGE_MAX_MS = 6_000;

const FAULTS: Array<[string, { mode: string; delayMs?: number }]> = [
  ['down', { mode: 'down' }],
  ['slow', { mode: 'slow', delayMs: 10_000 }],
  ['rate-limited (429)', { mode: 'ratelimit' }],
];

export interface OutageTiming {
  fault: string;
  call: string;
  ms: number;
  /** The answer's status, or what the call returned or threw. */
  outcome: string;
  /** The outcome a Roblox outage should give. */
  expected: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The production server with its default Roblox settings (ROBLOX_TIMEOUT_MS and retries), on a
 * database of its own, in front of a Roblox stand-in put in each fault: how long sign-in, bio
 * verification and a withdrawal request take to answer, and the Roblox gateway's ping (what
 * GET /api/health waits for) and ownership check (a payout's first Roblox call) to give up.
 */
export async function measureOutages(): Promise<OutageTiming[]> {
  const standin = await startStandin({ port: 0 });
  const control = standinControl(standin.url);
  const dir = mkdtempSync(join(tmpdir(), 'rewards-bench-outages-'));
  const dbFile = join(dir, 'outages.db');
  const server = await startSiteServer(dbFile, 0, robloxApisAt(standin.url));
  const db = createDatabase(dbFile);
  const roblox = createRobloxGateway(
    robloxConfigFromEnv(loadEnv({ ...robloxApisAt(standin.url), DATABASE_URL: dbFile })),
  );
  const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    callApi(server.base, method, path, body, headers);
  let nextId = 7000;

  async function robloxUser(prefix: string) {
    const id = nextId++;
    const name = `${prefix}${id}`;
    await control('POST', '/users', { id, name, displayName: name });
    return { id, name };
  }

  async function signIn(prefix: string) {
    const user = await robloxUser(prefix);
    const res = await api('POST', '/api/login', { username: user.name });
    if (res.status !== 200) throw new Error(`outage bench: sign-in of ${user.name}: ${res.status}`);
    return { ...user, token: res.body.token as string };
  }

  /** A player whose session's sentence is in their Roblox bio. */
  async function withSentence(prefix: string) {
    const p = await signIn(prefix);
    const row = await db
      .selectFrom('sessions')
      .select('verification_code')
      .where('token_hash', '=', sha256(p.token))
      .executeTakeFirstOrThrow();
    await control('PUT', `/users/${p.id}/description`, { description: `hi! ${row.verification_code}` });
    return p;
  }

  /** A verified player with R$100 from a CPX credit and a gamepass for R$20. */
  async function readyToWithdraw() {
    const p = await withSentence('Withdrawer');
    const verified = await api('POST', '/api/verify-bio', {}, bearer(p.token));
    if (verified.status !== 200) throw new Error(`outage bench: verification: ${verified.status}`);
    const trans = `outage-${p.id}`;
    const credit = await api(
      'GET',
      `/api/postback/cpx?status=1&trans_id=${trans}&user_id=${p.id}&amount_local=100&amount_usd=1.00&hash=${md5(`${trans}-${CPX_SECRET}`)}`,
      undefined,
      fromCpx,
    );
    if (credit.status !== 200) throw new Error(`outage bench: credit: ${credit.status}`);
    const pass = await control('POST', '/gamepasses', {
      creatorId: p.id,
      price: priceFor(20),
      isForSale: true,
    });
    return { ...p, pass: pass.id as number };
  }

  const timings: OutageTiming[] = [];
  async function timed(fault: string, call: string, expected: string, run: () => Promise<string>) {
    const started = performance.now();
    const outcome = await run().catch((err: unknown) => `threw ${err instanceof Error ? err.message : err}`);
    timings.push({ fault, call, ms: Math.round(performance.now() - started), outcome, expected });
  }
  const UNAVAILABLE = '503 ROBLOX_UNAVAILABLE';
  const answerOf = async (answer: Promise<{ status: number; body: { code?: string } }>) => {
    const { status, body } = await answer;
    return `${status} ${body?.code ?? ''}`.trim();
  };

  try {
    for (const [fault, mode] of FAULTS) {
      // Each fault with players of its own: nothing of theirs is in the gateway's caches.
      const newcomer = await robloxUser('Newcomer');
      const verifier = await withSentence('Verifier');
      const withdrawer = await readyToWithdraw();
      await control('POST', '/mode', mode);
      try {
        await timed(fault, 'POST /api/login', UNAVAILABLE, () =>
          answerOf(api('POST', '/api/login', { username: newcomer.name })),
        );
        await timed(fault, 'POST /api/verify-bio', UNAVAILABLE, () =>
          answerOf(api('POST', '/api/verify-bio', {}, bearer(verifier.token))),
        );
        await timed(fault, 'POST /api/withdraw', UNAVAILABLE, () =>
          answerOf(
            api(
              'POST',
              '/api/withdraw',
              { gamepassId: withdrawer.pass, amount: 20 },
              bearer(withdrawer.token),
            ),
          ),
        );
        await timed(fault, 'Roblox ping (GET /api/health)', 'false', async () => String(await roblox.ping()));
        await timed(
          fault,
          "payout's ownership check",
          'threw Roblox is not responding, please try again',
          async () => String(await roblox.ownsGamePass(withdrawer.id, withdrawer.pass)),
        );
      } finally {
        await control('POST', '/mode', { mode: 'up' });
      }
    }
  } finally {
    await server.stop();
    await db.destroy();
    await standin.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return timings;
}
