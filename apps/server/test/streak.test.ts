import { describe, expect, it } from 'vitest';
import { rewardCents } from '../src/modules/rewards/streak/service.ts';
import { bearer } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { expectInvariant } from './support/ledger.ts';
import { ledgerEntries } from './support/records.ts';
import { claimDaily, dailyRewardsOf, signInPlayer } from './support/players.ts';
import { openTestApp, t } from './support/suite.ts';
import { playerRead } from './support/calls.ts';
import { setPlayerStatus } from './support/accounts.ts';

const DAY = 24 * 60 * 60 * 1000;

describe(`daily streak on ${testEngine}`, () => {
  openTestApp();

  it('shows 7 days: day 1 claimable, the rest locked, day 7 a surprise of up to R$250', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const alice = await signInPlayer(t, 'AliceRBX');
    const body = await dailyRewardsOf(t.app, alice.token, 'AliceRBX');
    expect(body.rewards).toHaveLength(7);
    expect(body.rewards[0]).toEqual({ day: 1, amount: 50, claimed: false, canClaim: true });
    for (const r of body.rewards.slice(1, 6))
      expect(r).toMatchObject({ amount: 50, claimed: false, canClaim: false });
    expect(body.rewards[6]).toEqual({ day: 7, amount: 250, claimed: false, canClaim: false, surprise: true });
    expect(body.claimedToday).toBe(false);
    // Midnight in Brussels (SITE_TIME_ZONE's default), UTC+1 in winter.
    expect(body.nextClaimAt).toBe('2026-03-02T23:00:00.000Z');
  });

  it('day 1 pays R$50; a second claim the same site day is refused with an error and credits nothing', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const alice = await signInPlayer(t, 'AliceRBX');
    const first = await claimDaily(t.app, alice.token, { username: 'AliceRBX' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, day: 1, amount: 50, robux: 50 });

    t.clock.set('2026-03-02T22:59:59Z'); // 23:59:59 in Brussels
    const again = await claimDaily(t.app, alice.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already claimed/i);
    expect((await playerRead(t, alice.token, '/api/user/AliceRBX')).robux).toBe(50);
    expect(await ledgerEntries(t.deps.db, { username: 'AliceRBX', kind: 'daily' })).toHaveLength(1);

    const body = await dailyRewardsOf(t.app, alice.token, 'AliceRBX');
    expect(body.claimedToday).toBe(true);
    expect(body.rewards.map((r: any) => [r.claimed, r.canClaim])).toEqual([
      [true, false],
      ...Array(6).fill([false, false]),
    ]);
    await expectInvariant(t.deps.db);
  });

  it('the next site day is day 2; skipping a day starts again at day 1', async () => {
    const alice = await signInPlayer(t, 'AliceRBX');
    t.clock.set('2026-03-03T00:00:01Z');
    const before = await dailyRewardsOf(t.app, alice.token, 'AliceRBX');
    expect(before.rewards[1]).toMatchObject({ day: 2, claimed: false, canClaim: true });
    const day2 = await claimDaily(t.app, alice.token); // the username may be left out: the session says who claims
    expect(day2.json()).toEqual({ success: true, day: 2, amount: 50, robux: 100 });

    // 2026-03-04 is skipped.
    t.clock.set('2026-03-05T08:00:00Z');
    const view = await dailyRewardsOf(t.app, alice.token, 'AliceRBX');
    expect(view.rewards[0]).toMatchObject({ day: 1, claimed: false, canClaim: true });
    expect(view.rewards.filter((r: any) => r.claimed)).toHaveLength(0);
    const restart = await claimDaily(t.app, alice.token);
    expect(restart.json()).toMatchObject({ success: true, day: 1, amount: 50, robux: 150 });
    expect(
      (await ledgerEntries(t.deps.db, { username: 'AliceRBX', kind: 'daily' })).map((e) => e.idempotency_key),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^daily:\d+:2026-03-05$/)]));
    await expectInvariant(t.deps.db);
  });

  it('seven days in a row: day 7 pays a whole R$50–250, and the day after is day 1 again', async () => {
    const start = Date.parse('2026-04-01T12:00:00Z');
    t.clock.set(new Date(start));
    const bob = await signInPlayer(t, 'BobBuilder');
    let total = 0;
    for (let day = 1; day <= 7; day++) {
      t.clock.set(new Date(start + (day - 1) * DAY));
      const res = await claimDaily(t.app, bob.token);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.day).toBe(day);
      if (day < 7) expect(body.amount).toBe(50);
      else {
        expect(Number.isInteger(body.amount)).toBe(true);
        expect(body.amount).toBeGreaterThanOrEqual(50);
        expect(body.amount).toBeLessThanOrEqual(250);
      }
      total += body.amount;
      expect(body.robux).toBe(total);
    }
    const done = await dailyRewardsOf(t.app, bob.token, 'BobBuilder');
    expect(done.rewards.every((r: any) => r.claimed && !r.canClaim)).toBe(true);

    t.clock.set(new Date(start + 7 * DAY));
    const cycle = await dailyRewardsOf(t.app, bob.token, 'BobBuilder');
    expect(cycle.rewards[0]).toMatchObject({ claimed: false, canClaim: true });
    const next = await claimDaily(t.app, bob.token);
    expect(next.json()).toMatchObject({ day: 1, amount: 50 });
    await expectInvariant(t.deps.db);
  });

  it('the day-7 draw covers whole R$ from 50 to 250 (cryptographic generator)', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 3000; i++) {
      const cents = rewardCents(7);
      expect(cents % 100).toBe(0);
      expect(cents).toBeGreaterThanOrEqual(5000);
      expect(cents).toBeLessThanOrEqual(25000);
      seen.add(cents);
    }
    expect(seen.has(5000) || seen.has(25000)).toBe(true);
    expect(seen.size).toBeGreaterThan(180);
    for (let day = 1; day < 7; day++) expect(rewardCents(day)).toBe(5000);
  });

  it('50 concurrent claims on one day credit exactly once', async () => {
    t.clock.set('2026-05-10T09:00:00Z');
    const carol = await signInPlayer(t, 'CarolPlays');
    const results = await Promise.all(Array.from({ length: 50 }, () => claimDaily(t.app, carol.token)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error).toBeTruthy();
    expect(await ledgerEntries(t.deps.db, { username: 'CarolPlays', kind: 'daily' })).toHaveLength(1);
    expect((await playerRead(t, carol.token, '/api/user/CarolPlays')).robux).toBe(50);
    const streak = await t.deps.db.selectFrom('streaks').selectAll().execute();
    expect(streak.filter((s) => s.last_claim_day === '2026-05-10')).toHaveLength(1);
    await expectInvariant(t.deps.db);
  });

  it('50 concurrent claims on the day after also credit once and move the streak by one day', async () => {
    t.clock.set('2026-05-11T09:00:00Z');
    const carol = await signInPlayer(t, 'CarolPlays');
    const results = await Promise.all(Array.from({ length: 50 }, () => claimDaily(t.app, carol.token)));
    expect(results.filter((r) => r.statusCode === 200).map((r) => r.json().day)).toEqual([2]);
    expect(await ledgerEntries(t.deps.db, { username: 'CarolPlays', kind: 'daily' })).toHaveLength(2);
    await expectInvariant(t.deps.db);
  });

  it('the session decides: a username in the body is ignored, another player’s streak cannot be read', async () => {
    t.clock.set('2026-06-01T09:00:00Z');
    const dave = await signInPlayer(t, 'DaveTheBrave');
    const alice = await signInPlayer(t, 'AliceRBX');
    const aliceBefore = (await playerRead(t, alice.token, '/api/user/AliceRBX')).robux;
    const res = await claimDaily(t.app, dave.token, { username: 'AliceRBX' });
    expect(res.json()).toMatchObject({ success: true, day: 1, robux: 50 });
    expect((await playerRead(t, alice.token, '/api/user/AliceRBX')).robux).toBe(aliceBefore);

    const other = await t.app.inject({
      method: 'GET',
      url: '/api/streak-rewards/AliceRBX',
      headers: bearer(dave.token),
    });
    expect(other.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'POST', url: '/api/streak-rewards/claim', payload: {} });
    expect(anon.statusCode).toBe(401);
    const anonRead = await t.app.inject({ method: 'GET', url: '/api/streak-rewards/AliceRBX' });
    expect(anonRead.statusCode).toBe(401);
  });

  it('a banned player cannot claim (but may still read the streak)', async () => {
    t.clock.set('2026-06-02T09:00:00Z');
    const x = await signInPlayer(t, 'XssTester');
    await setPlayerStatus(t.deps.db, 'XssTester', 'banned');
    const res = await claimDaily(t.app, x.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BANNED' });
    expect(await ledgerEntries(t.deps.db, { username: 'XssTester', kind: 'daily' })).toHaveLength(0);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/streak-rewards/XssTester',
      headers: bearer(x.token),
    });
    expect(read.statusCode).toBe(200);
    await setPlayerStatus(t.deps.db, 'XssTester', 'active');
    await expectInvariant(t.deps.db);
  });
});
