import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { seededRandom } from './support/seeded-random.ts';
import { describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import { loadEnv } from '../src/env.ts';
import { PAYOUT_LEASE_MS, RETRY_MAX_MS, runPayoutOnce } from '../src/modules/withdrawals/payout-worker.ts';
import { robloxConfigFromEnv } from '../src/roblox/config.ts';
import { createRobloxGateway } from '../src/roblox/gateway.ts';
import { ManualClock, siteDay } from '../src/shared/clock.ts';
import { testEngine } from './support/test-database.ts';
import { fromCpx } from '../../../e2e/support/http.ts';
import { expectInvariant } from './support/ledger.ts';
import { cpxPostbackPath } from './support/postbacks.ts';
import { priceFor } from './support/gamepasses.ts';
import { callApi } from '../../../e2e/support/http.ts';
import { signInPlayer, verifyPlayer } from './support/players.ts';
import { serverProcessSuite, startServerProcess } from './support/server-process.ts';
import { bearer } from './support/site.ts';
import { leasesRunOut } from './support/payout-leases.ts';

/**
 * The production server (`server.ts`, a child process) under a stream of signed postback credits,
 * daily and social claims and withdrawals (PAYOUT_MODE=roblox: its payout worker buys gamepasses
 * from the Roblox stand-in), killed with SIGKILL mid-stream again and again and restarted on the
 * same database. Afterwards every request that was answered 2xx is in the ledger exactly once, the
 * invariant holds, no withdrawal is left pending or purchasing, and no gamepass was bought twice.
 */

const KILLS = 6;
const PLAYERS = 12;
const LANES = 12;
const CPX_SECRET = 'crash-cpx-secret';
const SOCIAL_IDS = ['youtube', 'tiktok', 'discord', 'x'];

interface Player {
  name: string;
  robloxId: number;
  token: string;
  dailyDone: boolean;
  socialsDone: Set<string>;
}

/** What the server acknowledged (2xx), each with the ledger entry it must have made. */
interface Acked {
  /** The ledger key, given the account's id (only the database knows it); daily claims answered
   *  around midnight UTC may carry either day. */
  keys: (userId: number) => string[];
  robloxId: number;
  cents: number;
  kind: 'postback' | 'daily' | 'social' | 'withdrawal';
  withdrawalId?: number;
  gamepassId?: number;
}

/** What both crash suites' servers run with over the suite's: automatic payouts from the stand-in. */
const AUTOMATIC_PAYOUTS = {
  PAYOUT_MODE: 'roblox',
  ROBLOX_PAYOUT_COOKIE: 'crash-payout-cookie',
  PAYOUT_INTERVAL_MS: '200',
};

describe(`crash safety of the production server on ${testEngine}`, () => {
  const crash = serverProcessSuite({
    dirPrefix: 'rewards-crash-',
    adminPassword: 'crash-admin-password-123',
    cpxSecret: CPX_SECRET,
    env: AUTOMATIC_PAYOUTS,
  });

  async function startServer(): Promise<number> {
    const started = Date.now();
    crash.server = await startServerProcess(crash.baseUrl, crash.env);
    return Date.now() - started;
  }

  async function killServer(signal: 'SIGKILL' | 'SIGTERM') {
    await crash.server!.stop(signal);
    crash.server = null;
  }

  const control = (method: string, path: string, body?: unknown) => crash.site.control(method, path, body);

  async function api(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const res = await fetch(`${crash.baseUrl}${path}`, {
      method,
      headers: {
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* plain text (postbacks) */
    }
    return { status: res.status, body };
  }

  it(`loses nothing acknowledged across ${KILLS} SIGKILLs under load`, async () => {
    const t0 = Date.now();
    const figures = {
      kills: 0,
      inFlightAtKills: [] as number[],
      startMs: [] as number[],
      sent: 0,
      failed: 0,
      refusals: 0,
    };
    const acked: Acked[] = [];

    // ---- set-up: players signed in, verified, with a first credit ----
    figures.startMs.push(await startServer());
    const players: Player[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const robloxId = 3001 + i;
      const name = `CrashPlayer${String(i).padStart(2, '0')}`;
      await control('POST', '/users', { id: robloxId, name, displayName: name });
      const login = await api('POST', '/api/login', { body: { username: name } });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const token: string = login.body.token;
      const profile = await api('GET', `/api/profile/${name}`, { token });
      await control('PUT', `/users/${robloxId}/description`, { description: profile.body.verificationCode });
      const verified = await api('POST', '/api/verify-bio', { token, body: {} });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      players.push({ name, robloxId, token, dailyDone: false, socialsDone: new Set() });
    }

    // ---- the stream ----
    let up = true;
    let stopping = false;
    let inFlight = 0;
    let serial = 0;
    /** Postbacks the provider never got an answer to: it sends them again, as providers do. */
    const unansweredPostbacks: Array<{ trans: string; robloxId: number; local: string }> = [];
    /** Withdrawals without an answer: the player's browser retries with the same Idempotency-Key. */
    const unansweredWithdrawals: Array<{ player: Player; passId: number; robux: number; key: string }> = [];
    const random = seededRandom(`crash workload on ${testEngine}`);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;

    async function send<T>(call: () => Promise<T>): Promise<T | null> {
      inFlight++;
      figures.sent++;
      try {
        return await call();
      } catch {
        figures.failed++; // connection refused or reset by the kill: not acknowledged
        return null;
      } finally {
        inFlight--;
      }
    }

    async function postback(retry?: { trans: string; robloxId: number; local: string }) {
      const pb = retry ?? {
        trans: `crash-${++serial}-${randomUUID().slice(0, 8)}`,
        robloxId: pick(players).robloxId,
        local: `${1 + Math.floor(random() * 20)}.${pick(['00', '25', '50', '75'])}`,
      };
      const q = cpxPostbackPath({
        trans: pb.trans,
        user: String(pb.robloxId),
        local: pb.local,
        usd: (Number(pb.local) / 100).toFixed(4),
        secret: CPX_SECRET,
      });
      const res = await send(() => api('GET', q, { headers: fromCpx }));
      if (res?.status === 200 && res.body === 1) {
        acked.push({
          keys: () => [`postback:cpx:${pb.trans}`],
          robloxId: pb.robloxId,
          cents: Math.round(Number(pb.local) * 100),
          kind: 'postback',
        });
      } else {
        if (res) figures.refusals++;
        unansweredPostbacks.push(pb);
      }
    }

    // The server keys a claim by its site day, which begins at midnight in SITE_TIME_ZONE.
    const zone = loadEnv(crash.env).SITE_TIME_ZONE;
    async function daily() {
      const p = pick(players.filter((x) => !x.dailyDone));
      const before = new Date();
      const res = await send(() => api('POST', '/api/streak-rewards/claim', { token: p.token, body: {} }));
      if (!res) return;
      if (res.status === 200) {
        p.dailyDone = true;
        const days = [...new Set([siteDay(before, zone), siteDay(new Date(), zone)])];
        acked.push({
          keys: (userId) => days.map((d) => `daily:${userId}:${d}`),
          robloxId: p.robloxId,
          cents: Math.round(res.body.amount * 100),
          kind: 'daily',
        });
      } else if (res.status === 409) {
        p.dailyDone = true; // an earlier, unanswered claim went through
      } else figures.refusals++;
    }

    async function social() {
      const p = pick(players.filter((x) => x.socialsDone.size < SOCIAL_IDS.length));
      const id = pick(SOCIAL_IDS.filter((s) => !p.socialsDone.has(s)));
      const res = await send(() => api('POST', `/api/socials/${id}/claim`, { token: p.token }));
      if (!res) return;
      if (res.status === 200) {
        p.socialsDone.add(id);
        acked.push({
          keys: (userId) => [`social:${id}:${userId}`],
          robloxId: p.robloxId,
          cents: Math.round(res.body.amount * 100),
          kind: 'social',
        });
      } else if (res.status === 409) {
        p.socialsDone.add(id);
      } else figures.refusals++;
    }

    async function withdraw(retry?: { player: Player; passId: number; robux: number; key: string }) {
      let w = retry;
      if (!w) {
        const player = pick(players);
        const robux = 5 + Math.floor(random() * 11);
        const pass = await control('POST', '/gamepasses', {
          creatorId: player.robloxId,
          price: priceFor(robux),
          isForSale: true,
        });
        w = { player, passId: pass.id, robux, key: randomUUID() };
      }
      const { player, passId, robux, key } = w;
      const res = await send(() =>
        api('POST', '/api/withdraw', {
          token: player.token,
          body: { gamepassId: passId, amount: robux },
          headers: { 'idempotency-key': key },
        }),
      );
      if (res?.status === 200) {
        const id: number = res.body.withdrawal.id;
        acked.push({
          keys: () => [`withdrawal:${id}`],
          robloxId: player.robloxId,
          cents: -robux * 100,
          kind: 'withdrawal',
          withdrawalId: id,
          gamepassId: passId,
        });
      } else if (!res) {
        unansweredWithdrawals.push(w);
      } else figures.refusals++;
    }

    async function lane() {
      while (!stopping) {
        if (!up) {
          await sleep(20);
          continue;
        }
        const r = random();
        if (unansweredPostbacks.length && r < 0.1) await postback(unansweredPostbacks.shift());
        else if (unansweredWithdrawals.length && r < 0.15) await withdraw(unansweredWithdrawals.shift());
        else if (r < 0.55) await postback();
        else if (r < 0.62 && players.some((p) => !p.dailyDone)) await daily();
        else if (r < 0.77 && players.some((p) => p.socialsDone.size < SOCIAL_IDS.length)) await social();
        else await withdraw();
      }
    }

    // Everyone starts with something to withdraw.
    await Promise.all(
      players.map((p) => postback({ trans: `seed-${p.robloxId}`, robloxId: p.robloxId, local: '120.00' })),
    );
    expect(acked).toHaveLength(PLAYERS);

    const lanes = Promise.all(Array.from({ length: LANES }, lane));
    for (let k = 0; k < KILLS; k++) {
      await sleep(800 + random() * 1200);
      // Mid-stream: requests are on the wire when the process dies.
      while (inFlight === 0) await sleep(1);
      up = false;
      figures.inFlightAtKills.push(inFlight);
      await killServer('SIGKILL');
      figures.kills++;
      figures.startMs.push(await startServer());
      up = true;
    }
    // The last run is not killed: the stream goes on a little, then the retries are drained.
    await sleep(1_500);
    stopping = true;
    await lanes;
    for (const pb of unansweredPostbacks.splice(0)) await postback(pb);
    for (const w of unansweredWithdrawals.splice(0)) await withdraw(w);

    // Settle: the worker pays what is due; rows a kill left `purchasing` wait for their lease.
    const db = createDatabase(crash.env.DATABASE_URL);
    let waiting: Array<{ id: number; state: string; claimed_at: string | null }> = [];
    try {
      const settleBy = Date.now() + 15_000;
      for (;;) {
        waiting = await db
          .selectFrom('withdrawals')
          .select(['id', 'state', 'claimed_at'])
          .where('state', 'in', ['pending', 'purchasing'])
          .execute();
        const busy = waiting.filter(
          (w) => w.state === 'pending' || Date.now() - Date.parse(w.claimed_at!) < 5_000,
        );
        if (busy.length === 0 || Date.now() > settleBy) break;
        await sleep(200);
      }
    } finally {
      await db.destroy();
    }
    await killServer('SIGTERM');

    // A worker after the lease (PAYOUT_LEASE_MS, 2 min, on the database's clock) has run out: resumes
    // what the kills left `purchasing`, asking the inventory before buying. Its clock is past every
    // back-off, and the claims are aged past their lease.
    const leftPurchasing = waiting.filter((w) => w.state === 'purchasing').length;
    const leftPending = waiting.filter((w) => w.state === 'pending').length;
    const workerEnv = loadEnv(crash.env);
    const workerDb = createDatabase(crash.env.DATABASE_URL);
    const resumed: string[] = [];
    try {
      await leasesRunOut(workerDb);
      const deps = {
        env: workerEnv,
        db: workerDb,
        clock: new ManualClock(new Date(Date.now() + PAYOUT_LEASE_MS + RETRY_MAX_MS)),
        roblox: createRobloxGateway(robloxConfigFromEnv(workerEnv)),
      };
      for (let r = await runPayoutOnce(deps); r; r = await runPayoutOnce(deps))
        resumed.push(`#${r.id} ${r.outcome} (${r.detail})`);
    } finally {
      await workerDb.destroy();
    }

    // ---- the checks, on a fresh connection to the same database, the server stopped ----
    const check: Database = createDatabase(crash.env.DATABASE_URL);
    try {
      if (testEngine === 'sqlite') {
        const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(check);
        expect(integrity.rows.map((r) => r.integrity_check)).toEqual(['ok']);
      }
      await expectInvariant(check);

      const users = await check.selectFrom('users').select(['id', 'roblox_id']).execute();
      const userIdOf = new Map(users.map((u) => [Number(u.roblox_id), u.id]));
      const entries = await check
        .selectFrom('ledger_entries')
        .select(['idempotency_key', 'user_id', 'amount', 'kind'])
        .execute();
      const byKey = new Map<string, typeof entries>();
      for (const e of entries) byKey.set(e.idempotency_key, [...(byKey.get(e.idempotency_key) ?? []), e]);

      const problems: string[] = [];
      const seen = new Set<string>();
      for (const a of acked) {
        const userId = userIdOf.get(a.robloxId)!;
        const keys = a.keys(userId);
        const found = keys.flatMap((k) => byKey.get(k) ?? []);
        const key = keys[0]!;
        if (seen.has(key)) problems.push(`${key} acknowledged twice`);
        seen.add(key);
        if (found.length !== 1) problems.push(`${key}: ${found.length} ledger entries`);
        else if (found[0]!.user_id !== userId || Number(found[0]!.amount) !== a.cents) {
          problems.push(
            `${key}: entry ${JSON.stringify(found[0])}, expected user ${userId} amount ${a.cents}`,
          );
        }
      }
      expect(problems).toEqual([]);

      const withdrawals = await check
        .selectFrom('withdrawals')
        .select(['id', 'state', 'gamepass_id', 'robux', 'user_id'])
        .execute();
      const stuck = withdrawals.filter((w) => w.state === 'pending' || w.state === 'purchasing');
      expect(stuck).toEqual([]);
      // Nothing in this run is a reason to refund or to ask an admin.
      expect(withdrawals.filter((w) => w.state !== 'paid')).toEqual([]);
      for (const a of acked.filter((x) => x.kind === 'withdrawal')) {
        const w = withdrawals.find((x) => x.id === a.withdrawalId);
        expect(w && Number(w.gamepass_id)).toBe(a.gamepassId);
      }

      const purchases = (await control('GET', '/purchases')) as Array<{ gamePassId: number; price: number }>;
      const perPass = new Map<number, number>();
      for (const p of purchases) perPass.set(p.gamePassId, (perPass.get(p.gamePassId) ?? 0) + 1);
      expect([...perPass.entries()].filter(([, n]) => n > 1)).toEqual([]);
      // Every paid withdrawal bought its own pass exactly once, and nothing else was bought.
      for (const w of withdrawals) expect(perPass.get(Number(w.gamepass_id)), `withdrawal ${w.id}`).toBe(1);
      expect(purchases).toHaveLength(withdrawals.length);
      // Each withdrawal's debit is in the ledger once; no refund was made.
      for (const w of withdrawals)
        expect(byKey.get(`withdrawal:${w.id}`)?.length, `withdrawal:${w.id}`).toBe(1);
      expect(entries.filter((e) => e.kind === 'withdrawal_refund')).toEqual([]);

      const count = (kind: Acked['kind']) => acked.filter((a) => a.kind === kind).length;
      console.log(
        [
          `crash test on ${testEngine}: ${figures.kills} SIGKILLs survived in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
          `  requests sent ${figures.sent}, cut off by kills ${figures.failed}, refused (4xx, e.g. balance) ${figures.refusals}`,
          `  requests in flight at each kill: ${figures.inFlightAtKills.join(', ')}`,
          `  server starts (ms to healthy): ${figures.startMs.join(', ')}`,
          `  acknowledged and found exactly once: ${acked.length} (postback credits ${count('postback')}, daily claims ${count('daily')}, social claims ${count('social')}, withdrawals ${count('withdrawal')})`,
          `  ledger entries ${entries.length}; withdrawals ${withdrawals.length}, all paid, ${purchases.length} gamepass purchases, none twice`,
          `  left by the last run: ${leftPending} pending, ${leftPurchasing} purchasing (lease not yet run out); resumed after the lease: ${resumed.join(', ') || 'none'}`,
        ].join('\n'),
      );
      expect(figures.kills).toBeGreaterThanOrEqual(5);
      expect(count('withdrawal')).toBeGreaterThan(0);
      expect(count('daily')).toBeGreaterThan(0);
      expect(count('social')).toBeGreaterThan(0);
    } finally {
      await check.destroy();
    }
  }, 150_000);
});

describe(`a group payout interrupted by SIGKILL on ${testEngine}`, () => {
  const GROUP_ID = 7_001;
  const PAYOUTS_PATH = `/v1/groups/${GROUP_ID}/payouts`;
  const crash = serverProcessSuite({
    dirPrefix: 'rewards-crash-group-',
    adminPassword: 'crash-admin-password-123',
    cpxSecret: CPX_SECRET,
    env: {
      ...AUTOMATIC_PAYOUTS,
      // Long enough to wait for the held answer: the process dies waiting, not giving up.
      ROBLOX_TIMEOUT_MS: '30000',
      PAYOUT_METHODS: 'group',
      ROBLOX_PAYOUT_GROUP_ID: String(GROUP_ID),
    },
  });

  it('is settled as paid from the group transactions after a restart: exactly one payout', async () => {
    const { env, baseUrl, site } = crash;
    const { control } = site;
    crash.server = await startServerProcess(baseUrl, env);
    const player = await signInPlayer(site, 'GroupCrash01');
    await verifyPlayer(site, player, '');
    const credit = await callApi(
      baseUrl,
      'GET',
      cpxPostbackPath({
        trans: 'group-crash-seed',
        user: player.robloxId,
        local: '100.00',
        secret: CPX_SECRET,
      }),
      undefined,
      fromCpx,
    );
    expect([credit.status, credit.body]).toEqual([200, 1]);
    await control('POST', '/groups', { id: GROUP_ID, funds: 1_000 });
    await control('PUT', `/groups/${GROUP_ID}/members/${player.robloxId}`, { status: 'Eligible' });

    // The stand-in pays at once but holds its answer: the worker is killed waiting for it.
    await control('POST', '/mode', { mode: 'slow', delayMs: 2_000, paths: [PAYOUTS_PATH] });
    const asked = await site.api(
      'POST',
      '/api/withdraw',
      { method: 'group', amount: 40 },
      bearer(player.token),
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const id: number = asked.body.withdrawal.id;
    const payoutsToPlayer = async () =>
      (
        (await control('GET', '/group-payouts')) as Array<{
          transactionId: number;
          recipientId: number;
          amount: number;
        }>
      ).filter((p) => p.recipientId === player.robloxId);
    try {
      const deadline = Date.now() + 20_000;
      while ((await payoutsToPlayer()).length === 0) {
        if (Date.now() > deadline) throw new Error(`the worker never paid:\n${crash.server.output()}`);
        await sleep(20);
      }
      await crash.server.stop('SIGKILL');
    } finally {
      await control('POST', '/mode', { mode: 'up' });
    }

    const db = createDatabase(env.DATABASE_URL!);
    try {
      const stuck = await db
        .selectFrom('withdrawals')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stuck).toMatchObject({ state: 'purchasing', purchase_attempts: 1, payout_ref: null });

      // Restarted: a worker's round leaves the dead run's claim alone while the lease holds, and pays
      // nothing (the round is run here, beside the restarted process, its own clock at the last second
      // of the lease; the lease itself is measured on the database's clock).
      crash.server = await startServerProcess(baseUrl, env);
      const workerEnv = loadEnv(env);
      const roblox = createRobloxGateway(robloxConfigFromEnv(workerEnv));
      const leaseEnds = Date.parse(stuck.claimed_at!) + PAYOUT_LEASE_MS;
      const inLease = { env: workerEnv, db, clock: new ManualClock(new Date(leaseEnds - 1_000)), roblox };
      expect(await runPayoutOnce(inLease)).toBeNull();
      await crash.server.stop('SIGTERM');
      expect(await payoutsToPlayer()).toHaveLength(1);
      expect(
        (await db.selectFrom('withdrawals').select('state').where('id', '=', id).executeTakeFirstOrThrow())
          .state,
      ).toBe('purchasing');

      // Once the lease has run out, a worker reads the group's transactions and marks it paid.
      await leasesRunOut(db, [id]);
      const deps = { env: workerEnv, db, clock: new ManualClock(new Date(leaseEnds + 1_000)), roblox };
      expect(await runPayoutOnce(deps)).toMatchObject({ id, outcome: 'paid' });
      expect(await runPayoutOnce(deps)).toBeNull();
      const paid = await payoutsToPlayer();
      expect(paid).toEqual([expect.objectContaining({ amount: 40 })]);
      expect(
        await db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      ).toMatchObject({
        state: 'paid',
        purchase_attempts: 1,
        payout_ref: String(paid[0]!.transactionId),
      });
      expect((await control('GET', `/groups/${GROUP_ID}`)).funds).toBe(960);
      await expectInvariant(db);
    } finally {
      await db.destroy();
    }
  }, 45_000);
});
