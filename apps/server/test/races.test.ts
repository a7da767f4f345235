import { beforeAll, describe, expect, it } from 'vitest';
import { currentRaceResponse } from '@rewards/contracts';
import { RACE_BOARD_TTL_MS } from '../src/modules/races/board.ts';
import { settleRaces, startNextRaces } from '../src/modules/races/prizes.ts';
import { releaseDueHolds } from '../src/modules/offers/index.ts';
import { adminCookie } from './support/admin.ts';
import { balanceOf, setPlayerStatus, userIdOf } from './support/accounts.ts';
import { expectInvariant } from './support/ledger.ts';
import { grantRobux, proveOwnership, signInPlayer, type SignedInPlayer } from './support/players.ts';
import { creditThroughCpx } from './support/postbacks.ts';
import { ledgerEntries } from './support/records.ts';
import { bearer } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { openTestApp, t } from './support/suite.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** GET /api/races/current once the board's count has expired, as `p` (or a visitor). */
async function current(p?: SignedInPlayer) {
  t.clock.advance(RACE_BOARD_TTL_MS);
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/races/current',
    headers: p ? bearer(p.token) : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  // Sent as prepared JSON text: still JSON, and still the contract's shape.
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return currentRaceResponse.parse(res.json());
}

const THREE_PRIZES = [
  { from: 1, to: 1, prize: 500 },
  { from: 2, to: 2, prize: 250 },
  { from: 3, to: 3, prize: 25 },
];

describe(`races on ${testEngine}`, () => {
  // The shipped hold: R$5 and more waits 24 h, and the race's prizes wait for it too.
  openTestApp({ env: { OFFER_HOLD_HOURS: '24', HOLD_EXEMPT_BELOW: '5' } });
  let cookie: string;
  const players: Record<string, SignedInPlayer> = {};
  let raceId: number;

  beforeAll(async () => {
    cookie = await adminCookie(t);
    for (const name of ['RaceAmy', 'RaceBen', 'RaceCat', 'RaceDan', 'RaceEve']) {
      players[name] = await signInPlayer(t, name);
    }
  });

  // Signed in again at each call: the tests move the clock past an admin session's life.
  const admin = async (method: string, url: string, body?: unknown) =>
    t.api(method, url, body, { cookie: await adminCookie(t) });

  it('a weekly race runs to Monday midnight in the site time zone and refuses bad prize tables', async () => {
    const bad = await admin('POST', '/api/admin/races', {
      name: 'Gappy',
      startAt: t.clock.now().toISOString(),
      repeat: 'weekly',
      prizes: [
        { from: 1, to: 1, prize: 10 },
        { from: 3, to: 3, prize: 5 },
      ],
    });
    expect(bad.status).toBe(400);

    const res = await admin('POST', '/api/admin/races', {
      name: 'Weekly race',
      startAt: t.clock.now().toISOString(),
      repeat: 'weekly',
      prizes: THREE_PRIZES,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The clock starts on Monday 2 March 2026; Brussels is UTC+1 then.
    expect(res.body).toMatchObject({ state: 'running', endAt: '2026-03-08T23:00:00.000Z', repeat: 'weekly' });
    raceId = res.body.id;
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `race:${raceId}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['race.create']);
  });

  let eveBig: string;
  it('counts offer and survey credits only, ties to who reached the amount first; everyone sees their rank', async () => {
    const {
      RaceAmy: amy,
      RaceBen: ben,
      RaceCat: cat,
      RaceDan: dan,
      RaceEve: eve,
    } = players as Record<string, SignedInPlayer>;
    await creditThroughCpx(t, amy!, 30, { prefix: 'race' });
    t.clock.advance(MINUTE);
    await creditThroughCpx(t, ben!, 20, { prefix: 'race' });
    t.clock.advance(MINUTE);
    eveBig = await creditThroughCpx(t, eve!, 30, { prefix: 'race' });
    t.clock.advance(MINUTE);
    await creditThroughCpx(t, ben!, 5, { prefix: 'race' });
    t.clock.advance(MINUTE);
    await creditThroughCpx(t, cat!, 25, { prefix: 'race' });
    t.clock.advance(MINUTE);
    await creditThroughCpx(t, dan!, 10, { prefix: 'race' });
    await creditThroughCpx(t, eve!, 20, { prefix: 'race' });
    // Admin, daily, social and promo credits never count in a race.
    await grantRobux(t, cookie, dan!.name, 1000);
    const daily = await t.api('POST', '/api/streak-rewards/claim', {}, bearer(dan!.token));
    expect(daily.status).toBe(200);
    const socials = await t.api('GET', '/api/socials', undefined, bearer(dan!.token));
    const social = await t.api(
      'POST',
      `/api/socials/${socials.body.socials[0].id}/claim`,
      {},
      bearer(dan!.token),
    );
    expect(social.status).toBe(200);
    const promo = await admin('POST', '/api/admin/promocodes', { code: 'RACEFREE', amount: 900 });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    const redeemed = await t.api('POST', '/api/promocode/redeem', { code: 'racefree' }, bearer(dan!.token));
    expect(redeemed.status).toBe(200);

    const visitor = await current();
    expect(visitor.me).toBeNull();
    expect(visitor.race).toMatchObject({ id: raceId, name: 'Weekly race', prizes: THREE_PRIZES });
    expect(visitor.standings).toEqual([
      { rank: 1, username: 'RaceEve', amount: 50, prize: 500 },
      { rank: 2, username: 'RaceAmy', amount: 30, prize: 250 },
      // Ben reached R$25 before Cat did.
      { rank: 3, username: 'RaceBen', amount: 25, prize: 25 },
      { rank: 4, username: 'RaceCat', amount: 25, prize: 0 },
      { rank: 5, username: 'RaceDan', amount: 10, prize: 0 },
    ]);
    const ranks: Record<string, unknown> = {};
    for (const [name, p] of Object.entries(players)) ranks[name] = (await current(p)).me;
    expect(ranks).toEqual({
      RaceEve: { rank: 1, amount: 50, prize: 500 },
      RaceAmy: { rank: 2, amount: 30, prize: 250 },
      RaceBen: { rank: 3, amount: 25, prize: 25 },
      RaceCat: { rank: 4, amount: 25, prize: 0 },
      RaceDan: { rank: 5, amount: 10, prize: 0 },
    });
  });

  it('starts the next weekly race at the boundary by itself, once', async () => {
    await Promise.all([startNextRaces(t.deps), startNextRaces(t.deps)]);
    const next = await t.deps.db.selectFrom('races').selectAll().where('follows_id', '=', raceId).execute();
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({
      starts_at: '2026-03-08T23:00:00.000Z',
      ends_at: '2026-03-15T23:00:00.000Z',
    });
    expect((await current()).next).toMatchObject({
      name: 'Weekly race',
      startAt: '2026-03-08T23:00:00.000Z',
    });
  });

  it('the admin edits a running race, audited; a repeating race keeps the end of its period', async () => {
    const edited = await admin('PATCH', `/api/admin/races/${raceId}`, {
      name: 'Weekly race',
      prizes: THREE_PRIZES,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const endOnRepeating = await admin('PATCH', `/api/admin/races/${raceId}`, {
      endAt: '2026-03-20T00:00:00Z',
    });
    expect(endOnRepeating.status).toBe(400);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `race:${raceId}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['race.create', 'race.update']);
  });

  it('pays nothing before the end plus the hold, refuses edits once ended; a reversal in the hold changes the winner', async () => {
    t.clock.set(new Date('2026-03-09T22:00:00Z'));
    expect(await settleRaces(t.deps)).toBe(0);
    await releaseDueHolds(t.deps);
    // Eve's R$30 is charged back within the hold: Amy wins.
    await creditThroughCpx(t, players.RaceEve!, 30, { trans: eveBig, reverse: true });
    t.clock.set(new Date('2026-03-09T23:00:00Z'));
    expect((await admin('PATCH', `/api/admin/races/${raceId}`, { name: 'Too late' })).status).toBe(409);
    const admin1 = await admin('GET', `/api/admin/races/${raceId}/standings`);
    expect(admin1.body.standings.map((s: { username: string }) => s.username)).toEqual([
      'RaceAmy',
      'RaceBen',
      'RaceCat',
      'RaceEve',
      'RaceDan',
    ]);
    expect(admin1.body.race.state).toBe('ended');
  });

  it('pays exactly the three prizes once each, when a payer stops between two and when two run at once', async () => {
    const before = {
      amy: await balanceOf(t.deps.db, await userIdOf(t.deps.db, players.RaceAmy!.robloxId)),
      ben: await balanceOf(t.deps.db, await userIdOf(t.deps.db, players.RaceBen!.robloxId)),
      cat: await balanceOf(t.deps.db, await userIdOf(t.deps.db, players.RaceCat!.robloxId)),
    };
    // A payer that stops after one prize.
    expect(await settleRaces(t.deps, 1)).toBe(1);
    await expectInvariant(t.deps.db);
    expect(
      (await ledgerEntries(t.deps.db, { kind: 'race' }, 'idempotency_key')).map((e) => e.idempotency_key),
    ).toEqual([`race:${raceId}:1`]);
    // Two payers at once finish the work between them.
    const both = await Promise.all([settleRaces(t.deps), settleRaces(t.deps)]);
    expect(both[0]! + both[1]!).toBe(2);
    await expectInvariant(t.deps.db);
    expect(await settleRaces(t.deps)).toBe(0);

    const amyId = await userIdOf(t.deps.db, players.RaceAmy!.robloxId);
    const benId = await userIdOf(t.deps.db, players.RaceBen!.robloxId);
    const catId = await userIdOf(t.deps.db, players.RaceCat!.robloxId);
    expect(
      (await ledgerEntries(t.deps.db, { kind: 'race' }, 'idempotency_key')).map((e) => [
        e.idempotency_key,
        e.user_id,
        Number(e.amount),
      ]),
    ).toEqual([
      [`race:${raceId}:1`, amyId, 50000],
      [`race:${raceId}:2`, benId, 25000],
      [`race:${raceId}:3`, catId, 2500],
    ]);
    expect(await balanceOf(t.deps.db, amyId)).toBe(before.amy + 500);
    expect(await balanceOf(t.deps.db, benId)).toBe(before.ben + 250);
    expect(await balanceOf(t.deps.db, catId)).toBe(before.cat + 25);
    await expectInvariant(t.deps.db);

    const page = await current(players.RaceCat);
    expect(page.previous).toMatchObject({
      race: { id: raceId },
      winners: [
        { rank: 1, username: 'RaceAmy', prize: 500 },
        { rank: 2, username: 'RaceBen', prize: 250 },
        { rank: 3, username: 'RaceCat', prize: 25 },
      ],
    });
    const tx = await t.api('GET', '/api/transactions?limit=5', undefined, bearer(players.RaceCat!.token));
    expect(tx.body.items[0]).toMatchObject({
      kind: 'race',
      amount: 25,
      params: { race: 'Weekly race', rank: 3 },
      description: 'Race prize: Weekly race, rank 3',
    });
    const results = await admin('GET', `/api/admin/races/${raceId}/standings`);
    expect(results.body.race.state).toBe('paid');
    expect(results.body.results.every((r: { paid: boolean }) => r.paid)).toBe(true);
  });

  it("a player's export holds their race results", async () => {
    await proveOwnership(t, players.RaceBen!);
    const res = await t.api('GET', '/api/account/export', undefined, bearer(players.RaceBen!.token));
    expect(res.status).toBe(200);
    expect(res.body.raceResults).toEqual([
      expect.objectContaining({ race: 'Weekly race', place: 2, prizeRank: 2, prize: 250, paid: true }),
    ]);
  });

  it('passes over banned players and accounts linked to another player of the race, with the reason', async () => {
    const start = t.clock.now();
    const created = await admin('POST', '/api/admin/races', {
      name: 'Sprint',
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + HOUR).toISOString(),
      prizes: [{ from: 1, to: 2, prize: 10 }],
    });
    expect(created.status).toBe(201);
    const sprint = created.body.id as number;
    // Finn and his alt Gus sign in from one browser.
    const finn = await signInPlayer(t, 'RaceFinn');
    const device = /device_id=([^;]+)/.exec(finn.setCookies.join('\n'))?.[1];
    const gus = await signInPlayer(t, 'RaceGus', { headers: { cookie: `device_id=${device}` } });
    const hal = await signInPlayer(t, 'RaceHal');
    await creditThroughCpx(t, hal, 9, { prefix: 'race' });
    t.clock.advance(MINUTE);
    await creditThroughCpx(t, finn, 8, { prefix: 'race' });
    await creditThroughCpx(t, players.RaceAmy!, 4, { prefix: 'race' });
    await creditThroughCpx(t, gus, 1, { prefix: 'race' });
    await creditThroughCpx(t, players.RaceDan!, 2, { prefix: 'race' });
    await setPlayerStatus(t.deps.db, 'RaceHal', 'banned');
    expect((await current()).standings.map((s: { username: string }) => s.username)).toEqual([
      'RaceFinn',
      'RaceAmy',
      'RaceDan',
      'RaceGus',
    ]);

    const ended = await admin('POST', `/api/admin/races/${sprint}/end`);
    expect(ended.body).toMatchObject({ state: 'ended', endedEarly: true });
    t.clock.advance(25 * HOUR);
    const paid = await Promise.all([settleRaces(t.deps), settleRaces(t.deps)]);
    expect(paid[0]! + paid[1]!).toBe(2);
    await expectInvariant(t.deps.db);
    const res = await admin('GET', `/api/admin/races/${sprint}/standings`);
    expect(
      res.body.results.map((r: Record<string, unknown>) => [r.username, r.prizeRank, r.excluded, r.linkedTo]),
    ).toEqual([
      ['RaceHal', null, 'banned', null],
      ['RaceFinn', null, 'linked', 'RaceGus'],
      ['RaceAmy', 1, null, null],
      ['RaceDan', 2, null, null],
    ]);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `race:${sprint}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['race.create', 'race.end']);
  });

  it('a repeating daily race starts the next at midnight in the site time zone, across the clock change', async () => {
    // Brussels moves from UTC+1 to UTC+2 in the night of 28 to 29 March 2026.
    t.clock.set(new Date('2026-03-28T12:00:00Z'));
    const created = await admin('POST', '/api/admin/races', {
      name: 'Daily dash',
      startAt: t.clock.now().toISOString(),
      repeat: 'daily',
      prizes: [{ from: 1, to: 1, prize: 5 }],
    });
    expect(created.body).toMatchObject({
      startAt: '2026-03-28T12:00:00.000Z',
      endAt: '2026-03-28T23:00:00.000Z',
    });
    await Promise.all([startNextRaces(t.deps), startNextRaces(t.deps)]);
    const next = await t.deps.db
      .selectFrom('races')
      .select(['name', 'starts_at', 'ends_at', 'repeat'])
      .where('follows_id', '=', created.body.id)
      .execute();
    expect(next).toEqual([
      {
        name: 'Daily dash',
        starts_at: '2026-03-28T23:00:00.000Z',
        ends_at: '2026-03-29T22:00:00.000Z',
        repeat: 'daily',
      },
    ]);
    // At the boundary the next race is the running one, with no gap.
    t.clock.set(new Date('2026-03-28T23:00:00Z'));
    const board = await current();
    expect(board.race).toMatchObject({ name: 'Daily dash', startAt: '2026-03-28T23:00:00.000Z' });
  });

  /** The races of a series (by name), first first. */
  const seriesOf = (name: string) =>
    t.deps.db
      .selectFrom('races')
      .select(['id', 'starts_at', 'ends_at', 'repeat', 'follows_id', 'ended_early'])
      .where('name', '=', name)
      .orderBy('id')
      .execute();

  /** The prizes paid in the races named `name`: [ledger key, amount in R$]. */
  async function prizesOf(name: string) {
    const ids = new Set((await seriesOf(name)).map((r) => r.id));
    return (await ledgerEntries(t.deps.db, { kind: 'race' }, 'idempotency_key'))
      .filter((e) => ids.has(Number(e.idempotency_key!.split(':')[1])))
      .map((e) => [e.idempotency_key, Number(e.amount) / 100]);
  }

  const auditOf = async (id: number) =>
    (
      await t.deps.db
        .selectFrom('audit_log')
        .select('action')
        .where('target', '=', `race:${id}`)
        .orderBy('id')
        .execute()
    ).map((a) => a.action);

  /**
   * A daily race named `name` made at `at` (an instant) with one prize of `prize` R$, and the next race
   * of its series the round makes at once.
   */
  async function dailySeries(name: string, at: string, prize: number) {
    t.clock.set(new Date(at));
    const created = await admin('POST', '/api/admin/races', {
      name,
      startAt: t.clock.now().toISOString(),
      repeat: 'daily',
      prizes: [{ from: 1, to: 1, prize }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    await startNextRaces(t.deps);
    const [, next] = await seriesOf(name);
    expect(next).toMatchObject({ follows_id: id });
    return { id, next: next! };
  }

  it('ending a daily race early stops its series: its next race is removed, none runs the next day, no prize', async () => {
    // Monday 6 April 2026, 12:00 in Brussels (UTC+2).
    const { id, next } = await dailySeries('Stopped daily', '2026-04-06T10:00:00Z', 7);
    expect(next).toMatchObject({ follows_id: id, starts_at: '2026-04-06T22:00:00.000Z' });
    const ivy = await signInPlayer(t, 'RaceIvy');
    await creditThroughCpx(t, ivy, 3, { prefix: 'race' });

    t.clock.advance(HOUR);
    const ended = await admin('POST', `/api/admin/races/${id}/end`);
    expect(ended.body).toMatchObject({ state: 'ended', endedEarly: true, endAt: '2026-04-06T11:00:00.000Z' });
    expect((await seriesOf('Stopped daily')).map((r) => r.id)).toEqual([id]);
    expect(await auditOf(id)).toEqual(['race.create', 'race.end']);
    expect(await auditOf(next.id)).toEqual(['race.remove']);
    expect((await current()).next?.name).not.toBe('Stopped daily');

    // The next day: no race of the series runs, and Ivy's earnings that day win nothing.
    t.clock.set(new Date('2026-04-07T10:00:00Z'));
    await startNextRaces(t.deps);
    expect((await seriesOf('Stopped daily')).map((r) => r.id)).toEqual([id]);
    await creditThroughCpx(t, ivy, 3, { prefix: 'race' });
    t.clock.set(new Date('2026-04-09T10:00:00Z'));
    await startNextRaces(t.deps);
    await settleRaces(t.deps);
    // Only the race that was ended pays, for what Ivy earned in it.
    expect(await prizesOf('Stopped daily')).toEqual([[`race:${id}:1`, 7]]);
    await expectInvariant(t.deps.db);
  });

  it('a daily race changed to repeat none runs to its planned end and pays; its next race is removed', async () => {
    const { id, next } = await dailySeries('Last daily', '2026-04-13T10:00:00Z', 6);
    expect(next).toMatchObject({ follows_id: id, starts_at: '2026-04-13T22:00:00.000Z' });

    const edited = await admin('PATCH', `/api/admin/races/${id}`, { repeat: 'none' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      state: 'running',
      repeat: 'none',
      endAt: '2026-04-13T22:00:00.000Z',
    });
    expect((await seriesOf('Last daily')).map((r) => r.id)).toEqual([id]);
    expect(await auditOf(next.id)).toEqual(['race.remove']);

    // The race still counts until its end.
    const jon = await signInPlayer(t, 'RaceJon');
    t.clock.set(new Date('2026-04-13T21:00:00Z'));
    await creditThroughCpx(t, jon, 2, { prefix: 'race' });
    expect((await current()).race).toMatchObject({ id, name: 'Last daily' });
    // And no race follows it.
    t.clock.set(new Date('2026-04-14T10:00:00Z'));
    await startNextRaces(t.deps);
    expect((await seriesOf('Last daily')).map((r) => r.id)).toEqual([id]);
    await creditThroughCpx(t, jon, 4, { prefix: 'race' });
    t.clock.set(new Date('2026-04-16T10:00:00Z'));
    await settleRaces(t.deps);
    expect(await prizesOf('Last daily')).toEqual([[`race:${id}:1`, 6]]);
    await expectInvariant(t.deps.db);
  });

  it('a daily race changed to weekly moves its next race to the new end, keeping that race’s own edits', async () => {
    const { id, next } = await dailySeries('Slower daily', '2026-04-21T10:00:00Z', 5);
    expect(next).toMatchObject({ starts_at: '2026-04-21T22:00:00.000Z', repeat: 'daily' });
    // The operator gave the scheduled race a bigger prize.
    const bigger = await admin('PATCH', `/api/admin/races/${next.id}`, {
      prizes: [{ from: 1, to: 1, prize: 9 }],
    });
    expect(bigger.status, JSON.stringify(bigger.body)).toBe(200);

    const weekly = await admin('PATCH', `/api/admin/races/${id}`, { repeat: 'weekly' });
    expect(weekly.body).toMatchObject({ repeat: 'weekly', endAt: '2026-04-26T22:00:00.000Z' });
    expect(await seriesOf('Slower daily')).toEqual([
      expect.objectContaining({ id, ends_at: '2026-04-26T22:00:00.000Z' }),
      expect.objectContaining({
        id: next.id,
        follows_id: id,
        starts_at: '2026-04-26T22:00:00.000Z',
        ends_at: '2026-05-03T22:00:00.000Z',
        repeat: 'weekly',
      }),
    ]);
    const moved = (await admin('GET', '/api/admin/races')).body.races.find(
      (r: { id: number }) => r.id === next.id,
    );
    expect(moved).toMatchObject({ state: 'scheduled', prizes: [{ from: 1, to: 1, prize: 9 }] });
    expect(await auditOf(next.id)).toEqual(['race.update', 'race.update']);
    // The round makes no second next race for it.
    await startNextRaces(t.deps);
    expect(await seriesOf('Slower daily')).toHaveLength(2);
  });

  it('a next race that already started is its own race: ending or un-repeating the one before leaves it', async () => {
    const { id, next } = await dailySeries('Kept daily', '2026-05-05T10:00:00Z', 5);
    // The operator ends the scheduled race now: it starts and ends at once, a race of its own.
    const endedNext = await admin('POST', `/api/admin/races/${next.id}/end`);
    expect(endedNext.body).toMatchObject({ state: 'ended', endedEarly: true });
    const startedNext = await t.deps.db
      .selectFrom('races')
      .selectAll()
      .where('id', '=', next.id)
      .executeTakeFirstOrThrow();

    t.clock.advance(HOUR);
    expect((await admin('PATCH', `/api/admin/races/${id}`, { repeat: 'none' })).status).toBe(200);
    expect((await admin('POST', `/api/admin/races/${id}/end`)).status).toBe(200);
    const kept = await t.deps.db
      .selectFrom('races')
      .selectAll()
      .where('id', '=', next.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual(startedNext);
    expect(await auditOf(next.id)).toEqual(['race.end']);

    // Its results are fixed and it is settled as any race.
    t.clock.set(new Date('2026-05-07T10:00:00Z'));
    await startNextRaces(t.deps);
    await settleRaces(t.deps);
    expect((await seriesOf('Kept daily')).map((r) => r.id)).toEqual([id, next.id]);
    const standings = await admin('GET', `/api/admin/races/${next.id}/standings`);
    expect(standings.body.race).toMatchObject({ state: 'paid', endedEarly: true });
  });
});
