import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRaceResponse } from '@rewards/contracts';
import { createRaceBoard, type RaceBoard } from '../src/modules/races/board.ts';
import { Standings, type Standing } from '../src/modules/races/standings.ts';
import { HEARTBEAT_MS } from '../src/modules/live/index.ts';
import { earningsBetween } from '../src/modules/offers/index.ts';
import { adminCookie } from './support/admin.ts';
import { setPlayerStatus } from './support/accounts.ts';
import { openLiveStream, type OpenStream } from './support/live-stream.ts';
import { signInPlayer, type SignedInPlayer } from './support/players.ts';
import { sendCpxPostback } from './support/postbacks.ts';
import { seededRandom } from './support/seeded-random.ts';
import { testEngine } from './support/test-database.ts';
import { openTestApp, t } from './support/suite.ts';

const PRIZES = [
  { from: 1, to: 1, prize: 100 },
  { from: 2, to: 3, prize: 10 },
];

/** The order a full count gives: amount, then who reached it first, then the lower id. */
const byRank = (a: Standing, b: Standing) =>
  b.amount - a.amount || a.reachedAt - b.reachedAt || a.userId - b.userId;

const ranked = (s: Standings) => s.top(s.size);

describe('race standings kept in order by changes', () => {
  it('rank as a sort of every count would, through raises, falls, ties, bans and players leaving', () => {
    const random = seededRandom('race standings');
    const counts = new Map<number, Standing>();
    const banned = new Set<number>();
    const s = Standings.fromCount([], banned);
    for (let step = 0; step < 3000; step++) {
      const userId = 1 + Math.floor(random() * 60);
      const roll = random();
      if (roll < 0.05) {
        if (banned.has(userId)) banned.delete(userId);
        else banned.add(userId);
        s.setBanned(new Set(banned));
      } else {
        // Few distinct amounts and times, so ties on both happen often; 0 leaves the standings.
        const amount = roll < 0.15 ? 0 : 100 * Math.floor(random() * 8);
        const reachedAt = Math.floor(random() * 5);
        s.set(userId, amount, reachedAt);
        counts.set(userId, { userId, amount, reachedAt });
      }
      const expected = [...counts.values()].filter((c) => c.amount > 0 && !banned.has(c.userId)).sort(byRank);
      expect(ranked(s)).toEqual(expected);
      for (const [i, c] of expected.entries()) expect(s.rankOf(c.userId)).toBe(i + 1);
    }
  });

  it('ranks a count of thousands of players, ids far apart, in parts, as one sort would', () => {
    const random = seededRandom('race standings, many players');
    const counts = Array.from({ length: 5000 }, (_, i) => ({
      userId: 1 + i * 7 + Math.floor(random() * 7),
      amount: 100 * Math.floor(random() * 50),
      reachedAt: Math.floor(random() * 1000),
    }));
    const banned = new Set(counts.filter((_, i) => i % 97 === 0).map((c) => c.userId));
    const s = new Standings(banned);
    for (let i = 0; i < counts.length; i += 1500) s.add(counts.slice(i, i + 1500));
    s.sort();
    const expected = counts.filter((c) => c.amount > 0 && !banned.has(c.userId)).sort(byRank);
    expect(ranked(s)).toEqual(expected);
    // A player new to the race after the count, with the largest id yet, goes straight to the top.
    expect(s.set(100_000, 10_000, 0)).toBe(true);
    expect([s.rankOf(100_000), s.size]).toEqual([1, expected.length + 1]);
    expect(s.rankOf(99_999)).toBeUndefined();
  });
});

describe(`the race board on ${testEngine}`, () => {
  // Credits of R$5 and more wait on hold: held credits count in a race, and can be cancelled.
  openTestApp({ env: { OFFER_HOLD_HOURS: '24', HOLD_EXEMPT_BELOW: '5' } });
  const players: SignedInPlayer[] = [];
  let race: { id: number; startAt: string; endAt: string };
  let base: string;
  let trans = 0;
  const banned = new Set<string>();

  async function postback(p: SignedInPlayer, robux: number, transId: string, reverse = false) {
    const res = await sendCpxPostback(t, {
      trans: transId,
      user: p.robloxId,
      local: robux.toFixed(2),
      status: reverse ? '2' : '1',
    });
    // A banned player earns nothing: a credit is refused (a reversal is still taken).
    if (banned.has(p.name)) expect([200, 403]).toContain(res.statusCode);
    else expect([res.statusCode, res.body]).toEqual([200, '1']);
  }

  /** Every player's place as a full count of the database gives it now (banned players left out). */
  async function fullCount(): Promise<Standing[]> {
    const rows = await t.deps.db.selectFrom('users').select('id').where('status', '=', 'banned').execute();
    const banned = new Set(rows.map((r) => Number(r.id)));
    return (await earningsBetween(t.deps.db, race.startAt, race.endAt))
      .filter((p) => !banned.has(p.userId))
      .map((p) => ({ userId: p.userId, amount: p.amount, reachedAt: Date.parse(p.reachedAt) }));
  }

  beforeAll(async () => {
    for (let i = 0; i < 6; i++) {
      const p = await signInPlayer(t, `Boarder${i}`);
      players.push(p);
    }
    const res = await t.api(
      'POST',
      '/api/admin/races',
      {
        name: 'Board race',
        startAt: t.clock.now().toISOString(),
        endAt: new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString(),
        repeat: 'none',
        prizes: PRIZES,
      },
      { cookie: await adminCookie(t) },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    race = res.body;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('follows credits, holds, reversals (also before their credit) and bans without counting again', async () => {
    const board = createRaceBoard(t.deps, 0);
    const first: RaceBoard = await board.get();
    expect(ranked(first.standings)).toEqual([]);
    // Every player earns once first, so the walk starts from a full board whatever its seed.
    for (const p of players) await postback(p, 1, `board-${++trans}`);
    const random = seededRandom('race board');
    const sent: { p: number; trans: string; robux: number }[] = [];
    let most = 0;
    for (let step = 0; step < 80; step++) {
      const p = Math.floor(random() * players.length);
      const roll = random();
      if (roll < 0.55) {
        // Below R$5 credited at once, from R$5 held: both count.
        const robux = [1, 2, 4, 5, 8][Math.floor(random() * 5)]!;
        const id = `board-${++trans}`;
        await postback(players[p]!, robux, id);
        sent.push({ p, trans: id, robux });
      } else if (roll < 0.75 && sent.length > 0) {
        const which = sent[Math.floor(random() * sent.length)]!;
        await postback(players[which.p]!, which.robux, which.trans, true);
      } else if (roll < 0.85) {
        // A reversal that arrives before its credit: the credit then counts nothing.
        const id = `board-${++trans}`;
        await postback(players[p]!, 3, id, true);
        await postback(players[p]!, 3, id);
      } else {
        const name = players[p]!.name;
        if (banned.has(name)) banned.delete(name);
        else banned.add(name);
        await setPlayerStatus(t.deps.db, name, banned.has(name) ? 'banned' : 'active');
      }
      // Equal times happen too (several postbacks in one clock instant).
      if (random() < 0.5) t.clock.advance(1000);
      const now = await board.get();
      // The same board, changed in place: no count of every player since the first.
      expect(now).toBe(first);
      expect(ranked(now.standings)).toEqual(await fullCount());
      most = Math.max(most, now.standings.size);
    }
    // The run had standings to compare (the seed is printed: TEST_SEED replays it).
    expect(most).toBeGreaterThan(2);
    // The page's answer from it: the top by name, and each player's own place.
    const top = (await fullCount()).slice(0, 3);
    const names = await t.deps.db.selectFrom('users').select(['id', 'username']).execute();
    const nameOf = new Map(names.map((n) => [Number(n.id), n.username]));
    expect(first.top.slice(0, 3).map((r) => [r.rank, r.username, r.amount * 100])).toEqual(
      top.map((p, i) => [i + 1, nameOf.get(p.userId), p.amount]),
    );
    for (const q of players) await setPlayerStatus(t.deps.db, q.name, 'active');
    banned.clear();
  });

  it('counts every player afresh in parts as in one read', async () => {
    // Parts of 2 player ids: a part may hold no player, one, or two.
    const fresh = await createRaceBoard(t.deps, 0, 2).get();
    expect(fresh.standings.size).toBeGreaterThan(2);
    expect(ranked(fresh.standings)).toEqual(await fullCount());
  });

  let stream: OpenStream | undefined;
  let visitor: OpenStream | undefined;
  afterAll(() => {
    stream?.close();
    visitor?.close();
  });

  it('pushes the standings to an open stream when they change, with the player’s own place', async () => {
    const p = players[5]!;
    stream = await openLiveStream(base, p.token, {}, '/api/races/stream');
    expect(stream.status).toBe(200);
    const opened = await stream.next((e) => e.event === 'race');
    expect(opened.data.race).toMatchObject({ id: race.id, name: 'Board race' });
    const before = opened.data.me?.amount ?? 0;
    // A large credit puts the player first, without any request for the standings.
    await postback(p, 400, `board-${++trans}`);
    const pushed = await stream.next((e) => e.event === 'race' && e.data.me?.amount === before + 400);
    expect(pushed.data.me.rank).toBe(1);
    // Each event is the endpoint's answer, by the contract.
    for (const event of [opened, pushed]) expect(() => currentRaceResponse.parse(event.data)).not.toThrow();
    expect(pushed.data.standings[0]).toMatchObject({ rank: 1, username: p.name, prize: 100 });
  });

  it(
    'closes a signed-in stream within a heartbeat of its session ending, and no other',
    async () => {
      visitor = await openLiveStream(base, undefined, {}, '/api/races/stream');
      await visitor.next((e) => e.event === 'race');
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { authorization: `Bearer ${players[5]!.token}` },
      });
      expect(out.statusCode).toBe(204);
      await expect.poll(() => stream!.ended, { timeout: HEARTBEAT_MS + 5000, interval: 200 }).toBe(true);
      // The same heartbeat reached the visitor's stream, which stays open.
      expect(visitor.comments).toBeGreaterThan(0);
      expect(visitor.ended).toBe(false);
    },
    HEARTBEAT_MS + 15_000,
  );

  it('refuses a stream asked for without Accept: text/event-stream', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/races/stream' });
    expect(res.statusCode).toBe(400);
  });
});
