import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSentenceOf } from './support/players.ts';
import { standinControl, startStandin, type Standin } from '@rewards/roblox-standin';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database.ts';
import { callApi, fromCpx, type Answer } from '../../../e2e/support/http.ts';
import { freePort } from '../../../e2e/support/processes.ts';
import { expectInvariant } from './support/ledger.ts';
import { balanceOf, userIdOf } from './support/accounts.ts';
import { ROOT } from './support/commands.ts';
import { ledgerEntries } from './support/records.ts';
import { serverProcessEnv } from './support/server-env.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { priceFor } from './support/gamepasses.ts';
import { md5 } from './support/postbacks.ts';
import { bearer } from './support/site.ts';

/**
 * Two production server processes (`server.ts`, as `npm start` and each cluster worker run it) on
 * one PostgreSQL database, each with its own caches, rate limiters, giveaway scheduler, hold sweep
 * and payout worker. Concurrent requests spread over both must give the same answers as one process:
 * no double credit, no overspend, one purchase per withdrawal, and the ledger invariant holds.
 * docs/decisions/0005-stateless-processes.md is the rule this checks.
 */

const ADMIN_PASSWORD = 'multi-process-admin-pw';
const CPX_SECRET = 'multi-process-cpx-secret';
const enabled = testEngine === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const title = enabled
  ? 'two server processes on one PostgreSQL database'
  : 'two server processes on one PostgreSQL database (skipped: needs TEST_ENGINE=postgres and TEST_DATABASE_URL)';

const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

describe.skipIf(!enabled)(title, () => {
  let database: TestDatabase;
  let standin: Standin;
  const servers: ServerProcess[] = [];
  let serverEnv: Record<string, string>;
  let bases: [string, string];
  let adminCookie: string;

  /** Request i goes to server i mod 2. */
  const at = (i: number) => bases[i % 2]!;

  const control = (method: string, path: string, body?: unknown) =>
    standinControl(standin.url)(method, path, body);

  async function signIn(
    name: string,
    i: number,
  ): Promise<{ token: string; robloxId: number; userId: number }> {
    const res = await callApi(at(i), 'POST', '/api/login', { username: name });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const robloxId = res.body.user.robloxId as number;
    return { token: res.body.token as string, robloxId, userId: await userIdOf(database.db, robloxId) };
  }

  const ledgerCount = async (key: string) => (await ledgerEntries(database.db, { keyLike: key })).length;

  beforeAll(async () => {
    database = await createTestDatabase();
    standin = await startStandin({ port: 0 });
    const ports = [await freePort(), await freePort()];
    bases = [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`];
    serverEnv = {
      ...serverProcessEnv({
        databaseUrl: database.url,
        standinUrl: standin.url,
        adminPassword: ADMIN_PASSWORD,
        cpxSecret: CPX_SECRET,
      }),
      LOG_LEVEL: 'error',
      ROBLOX_TIMEOUT_MS: '3000',
      // Both processes run the payout worker, polling often, so they compete for every withdrawal.
      PAYOUT_MODE: 'roblox',
      ROBLOX_PAYOUT_COOKIE: 'multi-process-payout-cookie',
      PAYOUT_INTERVAL_MS: '200',
      // No web app: this is about the API.
      WEB_DIST: resolve(ROOT, 'apps/web/no-such-dist'),
    };
    // Started together: both check the (already migrated) schema at the same time.
    servers.push(
      ...(await Promise.all(
        bases.map((base) => startServerProcess(base, { ...serverEnv, PORT: new URL(base).port })),
      )),
    );

    // Signed in on the first process; the cookie is then used on both.
    const res = await fetch(`${bases[0]}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(200);
    adminCookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(adminCookie).toMatch(/=/);
  }, 120_000);

  /**
   * The gamepasses the stand-in sold, once no payout worker can buy any more: both processes stop (a
   * worker finishes the withdrawal in hand first), then start again for the tests that follow.
   */
  async function finalPurchases(): Promise<Array<{ gamePassId: number }>> {
    await Promise.all(servers.map((server) => server.stop('SIGTERM', { killAfterMs: 10_000 })));
    const purchases = (await control('GET', '/purchases')) as Array<{ gamePassId: number }>;
    const restarted = await Promise.all(
      bases.map((base) => startServerProcess(base, { ...serverEnv, PORT: new URL(base).port })),
    );
    servers.splice(0, servers.length, ...restarted);
    return purchases;
  }

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGTERM', { killAfterMs: 10_000 })));
    await standin?.close();
    await database?.drop();
  }, 60_000);

  it('an admin session made on one process is honoured by the other (sessions live in the database)', async () => {
    const [a, b] = await Promise.all(
      bases.map((base) => callApi(base, 'GET', '/api/admin/session', undefined, { cookie: adminCookie })),
    );
    expect(a!.status).toBe(200);
    expect(b!.status).toBe(200);
  });

  it('20 concurrent withdrawals of the whole balance over both processes: exactly one is accepted, and the payout workers buy its gamepass once', async () => {
    const alice = await signIn('AliceRBX', 0);
    // The same admin grant (one Idempotency-Key) sent to both processes at once grants once.
    const grants = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        callApi(
          at(i),
          'POST',
          '/api/admin/add-points',
          { userId: alice.userId, points: 20, reason: 'multi-process test' },
          { cookie: adminCookie, 'idempotency-key': 'mp-grant-alice' },
        ),
      ),
    );
    expect(grants.map((g) => g.status)).toEqual([200, 200, 200, 200]);
    expect(await balanceOf(database.db, alice.userId)).toBe(20);

    const code = await sessionSentenceOf(database.db, alice.token);
    await control('PUT', `/users/${alice.robloxId}/description`, { description: `hi ${code}` });
    const verified = await callApi(at(1), 'POST', '/api/verify-bio', {}, bearer(alice.token));
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    // A pass of her own for every attempt, so only the balance can stop the 19 others.
    const passes: number[] = [];
    for (let i = 0; i < 20; i++) {
      passes.push(
        (
          await control('POST', '/gamepasses', {
            creatorId: alice.robloxId,
            price: priceFor(20),
            isForSale: true,
          })
        ).id,
      );
    }
    const answers = await Promise.all(
      passes.map((id, i) =>
        callApi(at(i), 'POST', '/api/withdraw', { gamepassId: id, amount: 20 }, bearer(alice.token)),
      ),
    );
    expect(count(answers, 200), JSON.stringify(answers.map((a) => a.status))).toBe(1);
    const refused = answers.filter((a) => a.status !== 200);
    // Refused by the early balance check (400) or by the conditional debit itself (409).
    for (const r of refused) {
      expect([400, 409]).toContain(r.status);
      expect(r.body.error).toMatch(/^You only have \d+(\.\d+)? Robux available\.$/);
    }
    expect(await balanceOf(database.db, alice.userId)).toBe(0);
    expect(await ledgerCount('withdrawal:%')).toBe(1);
    const accepted = answers.find((a) => a.status === 200)!.body.withdrawal;

    // Both processes' payout workers poll every 200 ms; the conditional claim gives it to one.
    const deadline = Date.now() + 20_000;
    let state = '';
    while (Date.now() < deadline) {
      const row = await database.db
        .selectFrom('withdrawals')
        .select('state')
        .where('id', '=', accepted.id)
        .executeTakeFirstOrThrow();
      state = row.state;
      if (state !== 'pending' && state !== 'purchasing') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(state).toBe('paid');
    const purchases = await finalPurchases();
    expect(purchases.filter((p) => p.gamePassId === accepted.gamepassId)).toHaveLength(1);
    expect(purchases).toHaveLength(1);
  }, 60_000);

  it('several players withdraw at once: both payout workers compete, each gamepass is bought exactly once', async () => {
    const names = ['MpPayee1', 'MpPayee2', 'MpPayee3', 'MpPayee4', 'MpPayee5', 'MpPayee6'];
    const players = [];
    for (const [i, name] of names.entries()) {
      await control('POST', '/users', { name });
      const p = await signIn(name, i);
      const grant = await callApi(
        at(i + 1),
        'POST',
        '/api/admin/add-points',
        { userId: p.userId, points: 7 },
        { cookie: adminCookie },
      );
      expect(grant.status).toBe(200);
      const code = await sessionSentenceOf(database.db, p.token);
      await control('PUT', `/users/${p.robloxId}/description`, { description: String(code) });
      expect((await callApi(at(i), 'POST', '/api/verify-bio', {}, bearer(p.token))).status).toBe(200);
      const pass = await control('POST', '/gamepasses', {
        creatorId: p.robloxId,
        price: priceFor(7),
        isForSale: true,
      });
      players.push({ ...p, pass: pass.id as number });
    }
    const answers = await Promise.all(
      players.map((p, i) =>
        callApi(at(i), 'POST', '/api/withdraw', { gamepassId: p.pass, amount: 7 }, bearer(p.token)),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(players.map(() => 200));

    const ids = answers.map((a) => a.body.withdrawal.id as number);
    const deadline = Date.now() + 30_000;
    let states: string[] = [];
    while (Date.now() < deadline) {
      const rows = await database.db
        .selectFrom('withdrawals')
        .select('state')
        .where('id', 'in', ids)
        .execute();
      states = rows.map((r) => r.state);
      if (states.every((s) => s === 'paid')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(states).toEqual(ids.map(() => 'paid'));
    const purchases = await finalPurchases();
    for (const p of players) expect(purchases.filter((x) => x.gamePassId === p.pass)).toHaveLength(1);
    // Which process claimed each one is on the row; with two workers polling, usually both took some.
    const claimedBy = await database.db
      .selectFrom('withdrawals')
      .select('claimed_by')
      .where('id', 'in', ids)
      .execute();
    expect(claimedBy.every((r) => typeof r.claimed_by === 'string')).toBe(true);
  }, 60_000);

  it('the same player claims the daily reward at both processes at once: one credit', async () => {
    const bob = await signIn('BobBuilder', 1);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        callApi(at(i), 'POST', '/api/streak-rewards/claim', {}, bearer(bob.token)),
      ),
    );
    expect(count(answers, 200), JSON.stringify(answers.map((a) => a.status))).toBe(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status >= 400 && a.status < 500)).toBe(
      true,
    );
    expect(await ledgerCount(`daily:${bob.userId}:%`)).toBe(1);
    expect(await balanceOf(database.db, bob.userId)).toBe(50);
  });

  it('a code limited to 3 uses, redeemed by 8 players at both processes at once: exactly 3 credits', async () => {
    const created = await callApi(
      at(1),
      'POST',
      '/api/admin/promocodes',
      { code: 'MULTIPROC', amount: 2, maxUses: 3 },
      { cookie: adminCookie },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const players = [];
    for (let i = 0; i < 8; i++) {
      const name = `MpRedeemer${i}`;
      await control('POST', '/users', { name });
      players.push(await signIn(name, i));
    }
    // Every player sends the code to both processes.
    const answers = await Promise.all(
      players.flatMap((p) =>
        [0, 1].map((server) =>
          callApi(bases[server]!, 'POST', '/api/promocode/redeem', { code: 'multiproc' }, bearer(p.token)),
        ),
      ),
    );
    expect(count(answers, 200), JSON.stringify(answers.map((a) => a.status))).toBe(3);
    expect(await ledgerCount(`promo:${created.body.id}:%`)).toBe(3);
    const winners = await Promise.all(players.map((p) => balanceOf(database.db, p.userId)));
    expect(winners.filter((b) => b === 2)).toHaveLength(3);
    expect(winners.filter((b) => b === 0)).toHaveLength(5);
    const list = await callApi(at(0), 'GET', '/api/admin/promocodes', undefined, { cookie: adminCookie });
    expect(list.body.promoCodes.find((c: any) => c.code === 'MULTIPROC').uses).toBe(3);
  });

  it('the same CPX postback sent 10 times to each process at once: one credit', async () => {
    const carol = await signIn('CarolPlays', 0);
    const q = new URLSearchParams({
      status: '1',
      trans_id: 'mp-cpx-1',
      user_id: String(carol.robloxId),
      amount_local: '3.25',
      amount_usd: '0.04',
      hash: md5(`mp-cpx-1-${CPX_SECRET}`),
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callApi(at(i), 'GET', `/api/postback/cpx?${q}`, undefined, fromCpx),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await ledgerCount('postback:cpx:mp-cpx-1')).toBe(1);
    expect(await balanceOf(database.db, carol.userId)).toBe(3.25);
  });

  it('the ledger invariant holds across everything both processes wrote', async () => {
    await expectInvariant(database.db);
    // Nothing was bought that no withdrawal paid for.
    const paid = await database.db
      .selectFrom('withdrawals')
      .select('gamepass_id')
      .where('state', '=', 'paid')
      .execute();
    const purchases = (await control('GET', '/purchases')) as Array<{ gamePassId: number }>;
    expect(purchases.map((p) => p.gamePassId).sort()).toEqual(paid.map((r) => Number(r.gamepass_id)).sort());
  });
});
