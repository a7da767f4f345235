import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Player } from '../src/modules/auth/index.ts';
import { createGiveaway, endGiveawayNow, listGiveaways, pickWinner } from '../src/modules/rewards/index.ts';
import { registerGiveawayScheduler } from '../src/modules/rewards/giveaways/scheduler.ts';
import { enterGiveaway } from '../src/modules/rewards/giveaways/service.ts';
import { playerCall } from './support/calls.ts';
import { bearer } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { adminCookie as signInAdmin } from './support/admin.ts';
import { expectInvariant } from './support/ledger.ts';
import { signInPlayer } from './support/players.ts';
import { ledgerEntriesWithKey } from './support/records.ts';
import { consoleCall } from './support/staff.ts';
import { openTestApp, t } from './support/suite.ts';
import { setPlayerStatus } from './support/accounts.ts';
import { auditRows } from './support/records.ts';

let adminCookie: string;

const HOUR = 3_600_000;

/** The giveaway's calls, as the web app makes them (`playerCall`); a token is added where a player makes one. */
const GIVEAWAY = { url: '/api/giveaway' };
const ENTER = { method: 'POST', url: '/api/giveaway/enter', body: {} } as const;
const PICK = { method: 'POST', url: '/api/giveaway/pick' } as const;

async function asPlayer(name: string): Promise<Player> {
  const u = await t.deps.db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', name)
    .executeTakeFirstOrThrow();
  return {
    id: u.id,
    username: u.username,
    displayName: u.display_name,
    robloxId: Number(u.roblox_id),
    status: u.status,
    token: '',
    snapshot: { balance: Number(u.balance), earnings: Number(u.earnings), verified: u.verified === 1 },
    provenAt: null,
  };
}

describe(`giveaways on ${testEngine}`, () => {
  openTestApp();
  beforeAll(async () => {
    adminCookie = await signInAdmin(t);
  });

  it('no giveaway yet: GET answers 404 with an error, pick too', async () => {
    const res = await playerCall(t, GIVEAWAY);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBeTruthy();
    expect((await playerCall(t, PICK)).statusCode).toBe(404);
  });

  it('the admin creates a giveaway; admin calls refuse without the cookie; creation is audited', async () => {
    const alice = await signInPlayer(t, 'AliceRBX');
    const endAt = new Date(t.clock.now().getTime() + HOUR).toISOString();
    const body = { title: 'Weekly Giveaway', description: 'Win R$100!', prize: 100, endAt };
    expect((await consoleCall(t, '', 'POST', '/api/admin/giveaways', body)).statusCode).toBe(401);
    const asPlayerRes = await t.app.inject({
      method: 'POST',
      url: '/api/admin/giveaways',
      payload: body,
      headers: bearer(alice.token),
    });
    expect(asPlayerRes.statusCode).toBe(401);
    expect((await consoleCall(t, '', 'GET', '/api/admin/giveaways')).statusCode).toBe(401);
    expect((await consoleCall(t, '', 'POST', '/api/admin/giveaways/1/end')).statusCode).toBe(401);

    const past = await consoleCall(t, adminCookie, 'POST', '/api/admin/giveaways', {
      ...body,
      endAt: new Date(t.clock.now().getTime() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);

    const res = await consoleCall(t, adminCookie, 'POST', '/api/admin/giveaways', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Weekly Giveaway',
      prize: 100,
      endDate: endAt,
      entries: 0,
      winner: null,
      ended: false,
    });
    const audit = await auditRows(t.deps.db, { action: 'giveaway.create' });
    expect(audit).toHaveLength(1);

    const pub = await playerCall(t, GIVEAWAY);
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({
      id: res.json().id,
      title: 'Weekly Giveaway',
      description: 'Win R$100!',
      prize: 100,
      endDate: endAt,
      entries: 0,
      entered: false,
      winner: null,
      ended: false,
      commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
      draw: null,
    });
  });

  it('players enter once; the answer is the updated giveaway; banned and signed-out players are refused', async () => {
    const alice = await signInPlayer(t, 'AliceRBX');
    const bob = await signInPlayer(t, 'BobBuilder');
    const res = await playerCall(t, { ...ENTER, token: alice.token, body: { username: 'BobBuilder' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ entries: 1, entered: true, winner: null });
    // The body's username is ignored: Bob did not enter.
    expect((await playerCall(t, { ...GIVEAWAY, token: bob.token })).json()).toMatchObject({
      entries: 1,
      entered: false,
    });
    expect((await playerCall(t, { ...GIVEAWAY, token: alice.token })).json()).toMatchObject({
      entered: true,
    });
    expect((await playerCall(t, { ...GIVEAWAY, token: 'not-a-real-token' })).json()).toMatchObject({
      entered: false,
    });

    const twice = await playerCall(t, { ...ENTER, token: alice.token });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatch(/already entered/i);

    expect((await playerCall(t, { ...ENTER, token: bob.token })).json()).toMatchObject({
      entries: 2,
      entered: true,
    });

    const dave = await signInPlayer(t, 'DaveTheBrave');
    await setPlayerStatus(t.deps.db, 'DaveTheBrave', 'banned');
    const banned = await playerCall(t, { ...ENTER, token: dave.token });
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toMatchObject({ code: 'BANNED' });
    await setPlayerStatus(t.deps.db, 'DaveTheBrave', 'active');

    expect((await playerCall(t, { ...ENTER, token: null })).statusCode).toBe(401);
    expect((await playerCall(t, GIVEAWAY)).json().entries).toBe(2);
  });

  it('pick before the end is refused; after it, 20 concurrent picks give one winner among the entries and one prize credit', async () => {
    const carol = await signInPlayer(t, 'CarolPlays');
    expect((await playerCall(t, { ...ENTER, token: carol.token })).statusCode).toBe(200);
    const early = await playerCall(t, PICK);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'The giveaway has not ended yet.' });

    const current = (await playerCall(t, GIVEAWAY)).json();
    t.clock.set(new Date(Date.parse(current.endDate) + 1000));
    const late = await playerCall(t, { ...ENTER, token: (await signInPlayer(t, 'DaveTheBrave')).token });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/ended/i);

    const balancesBefore = await t.deps.db.selectFrom('users').select(['username', 'balance']).execute();
    const results = await Promise.all(Array.from({ length: 20 }, () => playerCall(t, PICK)));
    for (const r of results) expect(r.statusCode).toBe(200);
    const winners = new Set(results.map((r) => r.json().winner));
    expect(winners.size).toBe(1);
    const winner = [...winners][0];
    expect(['AliceRBX', 'BobBuilder', 'CarolPlays']).toContain(winner);

    const credits = await ledgerEntriesWithKey(t.deps.db, `giveaway:${current.id}`);
    expect(credits).toHaveLength(1);
    expect(Number(credits[0]!.amount)).toBe(10_000);
    const balancesAfter = await t.deps.db.selectFrom('users').select(['username', 'balance']).execute();
    for (const after of balancesAfter) {
      const before = balancesBefore.find((b) => b.username === after.username);
      expect(Number(after.balance) - Number(before?.balance ?? 0)).toBe(
        after.username === winner ? 10_000 : 0,
      );
    }

    const view = (await playerCall(t, GIVEAWAY)).json();
    expect(view).toMatchObject({ winner, ended: true, entries: 3 });
    expect((await playerCall(t, PICK)).json()).toEqual({ winner });
    expect(await ledgerEntriesWithKey(t.deps.db, `giveaway:${current.id}`)).toHaveLength(1);
    await expectInvariant(t.deps.db);
  });

  it('a giveaway nobody entered ends without a winner', async () => {
    const g = await createGiveaway(t.deps, {
      title: 'Empty',
      description: '',
      prize: 5,
      endAt: new Date(t.clock.now().getTime() + 1000).toISOString(),
    });
    expect((await playerCall(t, GIVEAWAY)).json()).toMatchObject({ id: g.id, entries: 0, ended: false });
    t.clock.advance(2000);
    const res = await playerCall(t, PICK);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ winner: null });
    expect((await playerCall(t, GIVEAWAY)).json()).toMatchObject({ id: g.id, winner: null, ended: true });
    expect(await ledgerEntriesWithKey(t.deps.db, `giveaway:${g.id}`)).toHaveLength(0);
  });

  it('the current giveaway is the latest open one, else the one that ended last', async () => {
    const now = t.clock.now().getTime();
    const a = await createGiveaway(t.deps, {
      title: 'A',
      prize: 1,
      endAt: new Date(now + HOUR).toISOString(),
    });
    const b = await createGiveaway(t.deps, {
      title: 'B',
      prize: 1,
      endAt: new Date(now + 2 * HOUR).toISOString(),
    });
    expect((await playerCall(t, GIVEAWAY)).json().id).toBe(b.id);
    await endGiveawayNow(t.deps, b.id);
    expect((await playerCall(t, GIVEAWAY)).json().id).toBe(a.id);
    t.clock.advance(1000);
    await endGiveawayNow(t.deps, a.id);
    expect((await playerCall(t, GIVEAWAY)).json().id).toBe(a.id);
  });

  it('the admin ends a giveaway early: the winner is picked at once and the prize paid; audited', async () => {
    const g = await createGiveaway(t.deps, {
      title: 'Flash',
      prize: 20,
      endAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
    });
    const alice = await signInPlayer(t, 'AliceRBX');
    expect((await playerCall(t, { ...ENTER, token: alice.token })).statusCode).toBe(200);
    const res = await consoleCall(t, adminCookie, 'POST', `/api/admin/giveaways/${g.id}/end`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: g.id, ended: true, winner: 'AliceRBX', entries: 1 });
    expect(await ledgerEntriesWithKey(t.deps.db, `giveaway:${g.id}`)).toHaveLength(1);
    const again = await consoleCall(t, adminCookie, 'POST', `/api/admin/giveaways/${g.id}/end`);
    expect(again.json()).toMatchObject({ winner: 'AliceRBX' });
    expect(await ledgerEntriesWithKey(t.deps.db, `giveaway:${g.id}`)).toHaveLength(1);
    const audit = await auditRows(t.deps.db, { action: 'giveaway.end' });
    expect(audit.filter((a) => a.target === `giveaway:${g.id}`)).toHaveLength(1);

    const list = await consoleCall(t, adminCookie, 'GET', '/api/admin/giveaways');
    expect(list.json().giveaways[0]).toMatchObject({ id: g.id, entries: 1, winner: 'AliceRBX' });
    const entries = await consoleCall(t, adminCookie, 'GET', `/api/admin/giveaways/${g.id}/entries`);
    expect(entries.json().entries.map((e: any) => e.username)).toEqual(['AliceRBX']);
    expect((await consoleCall(t, adminCookie, 'POST', '/api/admin/giveaways/999999/end')).statusCode).toBe(
      404,
    );
    await expectInvariant(t.deps.db);
  });

  it('a player banned after entering cannot win', async () => {
    const g = await createGiveaway(t.deps, {
      title: 'Fair',
      prize: 1,
      endAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
    });
    const bob = await signInPlayer(t, 'BobBuilder');
    const x = await signInPlayer(t, 'XssTester');
    await playerCall(t, { ...ENTER, token: bob.token });
    await playerCall(t, { ...ENTER, token: x.token });
    await setPlayerStatus(t.deps.db, 'XssTester', 'banned');
    t.clock.advance(HOUR + 1000);
    expect(await pickWinner(t.deps, g.id)).toEqual({ winner: 'BobBuilder' });
    await setPlayerStatus(t.deps.db, 'XssTester', 'active');
  });

  it('with three entrants each wins roughly a third of 300 giveaways (uniform draw)', async () => {
    const names = ['Stat1', 'Stat2', 'Stat3'];
    const players: Player[] = [];
    for (const n of names) {
      await signInPlayer(t, n);
      players.push(await asPlayer(n));
    }
    const wins = new Map<string, number>(names.map((n) => [n, 0]));
    const trials = 300;
    for (let i = 0; i < trials; i++) {
      const g = await createGiveaway(t.deps, {
        title: `Stat ${i}`,
        prize: 1,
        endAt: new Date(t.clock.now().getTime() + 1000).toISOString(),
      });
      for (const p of players) await enterGiveaway(t.deps, p);
      t.clock.advance(1001);
      const { winner } = await pickWinner(t.deps, g.id);
      wins.set(winner!, (wins.get(winner!) ?? 0) + 1);
    }
    // Expected 100 each (sd ≈ 8.2): 20 % and 47 % are about 5 sd away.
    for (const n of names) {
      expect(wins.get(n)! / trials).toBeGreaterThan(0.2);
      expect(wins.get(n)! / trials).toBeLessThan(0.47);
    }
    await expectInvariant(t.deps.db);
  }, 120_000);

  it('the scheduler picks winners of ended giveaways by itself, without any request', async () => {
    const g = await createGiveaway(t.deps, {
      title: 'Auto',
      prize: 7,
      endAt: new Date(t.clock.now().getTime() + 1000).toISOString(),
    });
    const carol = await signInPlayer(t, 'CarolPlays');
    await playerCall(t, { ...ENTER, token: carol.token });
    t.clock.advance(2000);
    const host = Fastify({ logger: false });
    host.decorate('deps', t.deps);
    registerGiveawayScheduler(host, 20);
    await host.ready();
    try {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const row = (await listGiveaways(t.deps)).find((x) => x.id === g.id);
        if (row?.winner) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await host.close();
    }
    expect((await listGiveaways(t.deps)).find((x) => x.id === g.id)).toMatchObject({
      winner: 'CarolPlays',
      ended: true,
    });
    expect(await ledgerEntriesWithKey(t.deps.db, `giveaway:${g.id}`)).toHaveLength(1);
    await expectInvariant(t.deps.db);
  });
});
