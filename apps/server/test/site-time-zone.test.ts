import { describe, expect, it } from 'vitest';
import { nextSiteDayStart, siteDay, siteDayStart } from '../src/shared/clock.ts';
import { adminCookie } from './support/admin.ts';
import { testEngine } from './support/test-database.ts';
import { expectInvariant } from './support/ledger.ts';
import { ledgerEntries } from './support/records.ts';
import { claimDaily, dailyRewardsOf, signInPlayer } from './support/players.ts';
import { runServerUntilExit } from './support/server-process.ts';
import { openTestApp, t } from './support/suite.ts';

/*
 * Days begin at midnight in the site's time zone (SITE_TIME_ZONE, default Europe/Brussels): the daily
 * streak is keyed by those days, the daily status says when the next one begins, and the console's
 * per-day figures add up by them.
 */

const BRUSSELS = 'Europe/Brussels';

/** The daily claim at `at` (the claim's day is the test clock's). */
async function claimAt(at: string, token: string) {
  t.clock.set(at);
  return claimDaily(t.app, token);
}

/** The idempotency keys' days of a player's daily credits, oldest first. */
async function claimedDays(name: string): Promise<string[]> {
  const rows = await ledgerEntries(t.deps.db, { username: name, kind: 'daily' });
  return rows.map((r) => r.idempotency_key.split(':').at(-1)!);
}

/** Signs `name` in at `at` (sessions are dated by the test clock). */
async function playerAt(at: string, name: string) {
  t.clock.set(at);
  return signInPlayer(t, name);
}

describe('site days in Europe/Brussels', () => {
  it('a winter day runs from 23:00 UTC to 23:00 UTC', () => {
    expect(siteDay(new Date('2026-01-10T22:59:59.999Z'), BRUSSELS)).toBe('2026-01-10');
    expect(siteDay(new Date('2026-01-10T23:00:00Z'), BRUSSELS)).toBe('2026-01-11');
    expect(siteDayStart('2026-01-11', BRUSSELS).toISOString()).toBe('2026-01-10T23:00:00.000Z');
  });

  it('the last Sunday of March has 23 hours and the last Sunday of October 25', () => {
    const hours = (day: string, next: string) =>
      (siteDayStart(next, BRUSSELS).getTime() - siteDayStart(day, BRUSSELS).getTime()) / 3_600_000;
    expect(hours('2026-03-29', '2026-03-30')).toBe(23);
    expect(hours('2026-10-25', '2026-10-26')).toBe(25);
    expect(hours('2026-03-28', '2026-03-29')).toBe(24);
    expect(siteDayStart('2026-03-30', BRUSSELS).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(siteDayStart('2026-10-26', BRUSSELS).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    // 02:30 does not exist on 29 March and 02:30 happens twice on 25 October: both stay on their day.
    expect(siteDay(new Date('2026-03-29T01:30:00Z'), BRUSSELS)).toBe('2026-03-29');
    expect(siteDay(new Date('2026-10-25T00:30:00Z'), BRUSSELS)).toBe('2026-10-25');
    expect(siteDay(new Date('2026-10-25T01:30:00Z'), BRUSSELS)).toBe('2026-10-25');
    expect(nextSiteDayStart(new Date('2026-10-25T22:59:59Z'), BRUSSELS).toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
  });

  it('every instant across the clock changes is on the day Intl reads there, asked in any order', () => {
    const intlDay = (ms: number, timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(ms);
    const everyFiveMinutes = (from: string, to: string) =>
      Array.from(
        { length: (Date.parse(to) - Date.parse(from)) / 300_000 },
        (_, i) => Date.parse(from) + i * 300_000,
      );
    for (const [timeZone, from, to] of [
      [BRUSSELS, '2026-03-27T12:00:00Z', '2026-03-31T12:00:00Z'],
      [BRUSSELS, '2026-10-23T12:00:00Z', '2026-10-27T12:00:00Z'],
      ['America/Santiago', '2026-09-04T12:00:00Z', '2026-09-08T12:00:00Z'],
      // Beirut's clocks go back at midnight, from 00:00 to 23:00: that day has two 23:00s.
      ['Asia/Beirut', '2026-10-23T12:00:00Z', '2026-10-27T12:00:00Z'],
    ] as const) {
      const instants = everyFiveMinutes(from, to);
      // Forwards, backwards, and jumping about: each answer must not depend on the one before.
      const shuffled = instants.map((ms, i) => instants[(i * 7919) % instants.length]!);
      for (const ms of [...instants, ...instants.toReversed(), ...shuffled]) {
        expect(siteDay(new Date(ms), timeZone), new Date(ms).toISOString()).toBe(intlDay(ms, timeZone));
      }
    }
  });

  it('a zone whose clocks skip midnight begins the day when they jump', () => {
    // Chile moves from 00:00 to 01:00 on 6 September 2026.
    expect(siteDayStart('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(siteDay(new Date('2026-09-06T03:59:59Z'), 'America/Santiago')).toBe('2026-09-05');
  });

  it('a SITE_TIME_ZONE Intl does not know stops the start, naming the setting', async () => {
    const { code, output } = await runServerUntilExit({ SITE_TIME_ZONE: 'Europe/Atlantis' });
    expect(code, output).not.toBe(0);
    expect(output).toContain(
      'SITE_TIME_ZONE: expected an IANA time zone such as Europe/Brussels, got "Europe/Atlantis"',
    );
  }, 40_000);
});

describe(`the daily streak by Brussels days on ${testEngine}`, () => {
  openTestApp();

  it('23:30 UTC and 23:10 UTC the next winter day (00:30 and 00:10 in Brussels) are two site days', async () => {
    const p = await playerAt('2026-01-10T20:00:00Z', 'WinterNight');
    expect((await claimAt('2026-01-10T23:30:00Z', p.token)).json()).toMatchObject({ success: true, day: 1 });
    expect(await dailyRewardsOf(t.app, p.token, p.name)).toEqual(
      expect.objectContaining({ claimedToday: true, nextClaimAt: '2026-01-11T23:00:00.000Z' }),
    );
    expect((await claimAt('2026-01-11T22:59:59Z', p.token)).statusCode).toBe(409);
    expect((await claimAt('2026-01-11T23:10:00Z', p.token)).json()).toMatchObject({ success: true, day: 2 });
    expect(await claimedDays(p.name)).toEqual(['2026-01-11', '2026-01-12']);
    await expectInvariant(t.deps.db);
  });

  it('22:30 and 23:30 UTC the same winter evening are two site days (23:30 UTC is tomorrow in Brussels)', async () => {
    const p = await playerAt('2026-01-20T20:00:00Z', 'WinterEvening');
    expect((await claimAt('2026-01-20T22:30:00Z', p.token)).json()).toMatchObject({ day: 1 });
    expect((await claimAt('2026-01-20T23:30:00Z', p.token)).json()).toMatchObject({ day: 2 });
    expect((await claimAt('2026-01-20T23:45:00Z', p.token)).statusCode).toBe(409);
    expect(await claimedDays(p.name)).toEqual(['2026-01-20', '2026-01-21']);
  });

  it('the day the clocks go forward is 23 hours long', async () => {
    const p = await playerAt('2026-03-28T20:00:00Z', 'SpringForward');
    // 00:30 on Sunday 29 March in Brussels (still UTC+1).
    expect((await claimAt('2026-03-28T23:30:00Z', p.token)).json()).toMatchObject({ day: 1 });
    expect((await dailyRewardsOf(t.app, p.token, p.name)).nextClaimAt).toBe('2026-03-29T22:00:00.000Z');
    expect((await claimAt('2026-03-29T21:59:59Z', p.token)).statusCode).toBe(409);
    expect((await claimAt('2026-03-29T22:00:00Z', p.token)).json()).toMatchObject({ day: 2 });
    expect(await claimedDays(p.name)).toEqual(['2026-03-29', '2026-03-30']);
  });

  it('the day the clocks go back is 25 hours long', async () => {
    const p = await playerAt('2026-10-24T20:00:00Z', 'AutumnBack');
    // Midnight on Sunday 25 October in Brussels (still UTC+2).
    expect((await claimAt('2026-10-24T22:00:00Z', p.token)).json()).toMatchObject({ day: 1 });
    expect((await dailyRewardsOf(t.app, p.token, p.name)).nextClaimAt).toBe('2026-10-25T23:00:00.000Z');
    expect((await claimAt('2026-10-25T22:59:59Z', p.token)).statusCode).toBe(409);
    expect((await claimAt('2026-10-25T23:00:00Z', p.token)).json()).toMatchObject({ day: 2 });
    expect(await claimedDays(p.name)).toEqual(['2026-10-25', '2026-10-26']);
  });

  it('a last claim keyed by a day after today (a zone moved back) keeps today closed', async () => {
    const p = await playerAt('2026-02-10T12:00:00Z', 'ZoneMoved');
    expect((await claimAt('2026-02-10T12:00:00Z', p.token)).json()).toMatchObject({ day: 1 });
    // As if the claim had been keyed by a zone ahead of the site's: the row says tomorrow.
    await t.deps.db
      .updateTable('streaks')
      .set({ last_claim_day: '2026-02-11' })
      .where(
        'user_id',
        '=',
        (
          await t.deps.db
            .selectFrom('users')
            .select('id')
            .where('username', '=', p.name)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    expect((await claimAt('2026-02-10T20:00:00Z', p.token)).statusCode).toBe(409);
    expect(await dailyRewardsOf(t.app, p.token, p.name)).toEqual(
      expect.objectContaining({ claimedToday: true, nextClaimAt: '2026-02-11T23:00:00.000Z' }),
    );
    expect((await claimAt('2026-02-11T12:00:00Z', p.token)).statusCode).toBe(409);
    expect((await claimAt('2026-02-11T23:00:00Z', p.token)).json()).toMatchObject({ day: 2 });
  });

  it("the console's per-day figures count 23:30 UTC as the next day", async () => {
    const p = await playerAt('2026-01-30T20:00:00Z', 'ConsoleDays');
    expect((await claimAt('2026-01-30T23:30:00Z', p.token)).statusCode).toBe(200);
    t.clock.set('2026-01-31T10:00:00Z');
    const cookie = await adminCookie(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie } });
    const days = res.json().days as { day: string; earned: number; newPlayers: number }[];
    expect(days.at(-1)?.day).toBe('2026-01-31');
    expect(days.find((d) => d.day === '2026-01-31')).toMatchObject({ earned: 50 });
    expect(days.find((d) => d.day === '2026-01-30')).toMatchObject({ earned: 0, newPlayers: 1 });
  });
});

describe(`the daily streak in another SITE_TIME_ZONE on ${testEngine}`, () => {
  openTestApp({ env: { SITE_TIME_ZONE: 'America/New_York' } });

  it('days begin at midnight in New York', async () => {
    const p = await playerAt('2026-02-10T12:00:00Z', 'NewYorker');
    // 23:30 UTC is 18:30 in New York: still 10 February there.
    expect((await claimAt('2026-02-10T23:30:00Z', p.token)).json()).toMatchObject({ day: 1 });
    expect((await dailyRewardsOf(t.app, p.token, p.name)).nextClaimAt).toBe('2026-02-11T05:00:00.000Z');
    expect((await claimAt('2026-02-11T04:59:59Z', p.token)).statusCode).toBe(409);
    expect((await claimAt('2026-02-11T05:00:00Z', p.token)).json()).toMatchObject({ day: 2 });
    expect(await claimedDays(p.name)).toEqual(['2026-02-10', '2026-02-11']);
  });
});
