import { beforeAll, describe, expect, it } from 'vitest';
import { settleRaces } from '../src/modules/races/prizes.ts';
import { sweepLevelRewards } from '../src/modules/levels/rewards.ts';
import { accountWithId, userIdOf } from './support/accounts.ts';
import { adminCookie } from './support/admin.ts';
import { expectInvariant } from './support/ledger.ts';
import { creditThroughCpx, expectPostbackCredited, sendCpxPostback } from './support/postbacks.ts';
import {
  claimDaily,
  deleteOwnAccount,
  signInPlayer,
  verifyPlayer,
  type SignedInPlayer,
} from './support/players.ts';
import { createPromoCode } from '../src/modules/rewards/index.ts';
import { runPayoutOnce } from '../src/modules/withdrawals/payout-worker.ts';
import { requestWithdrawal } from './support/gamepasses.ts';
import { ledgerEntries, ledgerEntriesWithKey, postbackRows } from './support/records.ts';
import { consoleCall } from './support/staff.ts';
import { bearer } from './support/test-app.ts';
import { openTestApp, t } from './support/suite.ts';
import { testEngine } from './support/test-database.ts';

/*
 * A deleted account gave up its balance: nothing paid to it afterwards is owed to anyone. Draws,
 * race prizes, level rewards, an admin's approval of a held credit and a friend's commission all
 * pass it over, and a live player gets what it would have taken.
 */

const HOUR = 3_600_000;
let cookie: string;

const inAnHour = () => new Date(t.clock.now().getTime() + HOUR).toISOString();

async function newGiveaway(title: string) {
  const created = await consoleCall(t, cookie, 'POST', '/api/admin/giveaways', {
    title,
    description: 'x',
    prize: 100,
    endAt: inAnHour(),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}
const enter = (player: SignedInPlayer) =>
  t.app.inject({ method: 'POST', url: '/api/giveaway/enter', headers: bearer(player.token), payload: {} });

describe(`deleted accounts are paid nothing on ${testEngine}`, () => {
  openTestApp();
  beforeAll(async () => {
    cookie = await adminCookie(t);
  });

  it("a giveaway's draw passes over a deleted entrant; with none left it has no winner", async () => {
    const id = await newGiveaway('Gone');
    const gone = await signInPlayer(t, 'GhostGail');
    expect((await enter(gone)).statusCode).toBe(200);
    const goneId = await userIdOf(t.deps.db, gone.robloxId);
    await deleteOwnAccount(t, gone, 0);
    t.clock.advance(2 * HOUR);
    const end = await consoleCall(t, cookie, 'POST', `/api/admin/giveaways/${id}/end`);
    expect(end.statusCode, end.body).toBe(200);
    expect(await ledgerEntriesWithKey(t.deps.db, `giveaway:${id}`)).toEqual([]);
    expect((await accountWithId(t.deps.db, goneId)).balance).toBe(0);
  });

  it('a deleted account that led a race is passed over: the live player takes the prize', async () => {
    const start = t.clock.now();
    const race = await consoleCall(t, cookie, 'POST', '/api/admin/races', {
      name: 'Sprint',
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + HOUR).toISOString(),
      prizes: [{ from: 1, to: 1, prize: 100 }],
    });
    expect(race.statusCode, race.body).toBe(201);
    const raceId = race.json().id as number;
    const gone = await signInPlayer(t, 'RaceGhost');
    const live = await signInPlayer(t, 'RaceLive');
    await creditThroughCpx(t, gone, 30, { prefix: 'del-race' });
    await creditThroughCpx(t, live, 10, { prefix: 'del-race' });
    const goneId = await userIdOf(t.deps.db, gone.robloxId);
    await deleteOwnAccount(t, gone, 30);
    t.clock.advance(2 * HOUR);
    await settleRaces(t.deps);
    const prize = await ledgerEntriesWithKey(t.deps.db, `race:${raceId}:1`);
    expect(prize.map((e) => [e.user_id, Number(e.amount)])).toEqual([
      [await userIdOf(t.deps.db, live.robloxId), 10000],
    ]);
    expect((await accountWithId(t.deps.db, goneId)).balance).toBe(0);
    const standings = await consoleCall(t, cookie, 'GET', `/api/admin/races/${raceId}/standings`);
    expect(standings.json().results.map((r: Record<string, unknown>) => [r.prizeRank, r.excluded])).toEqual([
      [null, 'deleted'],
      [1, null],
    ]);
  });

  it('a winner deleted after the results were fixed is passed over when the prizes are paid', async () => {
    const start = t.clock.now();
    const race = await consoleCall(t, cookie, 'POST', '/api/admin/races', {
      name: 'Late ghost',
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + HOUR).toISOString(),
      prizes: [
        { from: 1, to: 1, prize: 100 },
        { from: 2, to: 2, prize: 50 },
      ],
    });
    expect(race.statusCode, race.body).toBe(201);
    const raceId = race.json().id as number;
    const gone = await signInPlayer(t, 'LateGhost');
    const live = await signInPlayer(t, 'LateLive');
    await creditThroughCpx(t, gone, 30, { prefix: 'late-race' });
    await creditThroughCpx(t, live, 10, { prefix: 'late-race' });
    t.clock.advance(2 * HOUR);
    // The results are fixed, and the payer stops before paying anything.
    expect(await settleRaces(t.deps, 0)).toBe(0);
    await deleteOwnAccount(t, gone, 30);
    await settleRaces(t.deps);
    expect(await ledgerEntriesWithKey(t.deps.db, `race:${raceId}:1`)).toEqual([]);
    const second = await ledgerEntriesWithKey(t.deps.db, `race:${raceId}:2`);
    expect(second.map((e) => [e.user_id, Number(e.amount)])).toEqual([
      [await userIdOf(t.deps.db, live.robloxId), 5000],
    ]);
    const standings = await consoleCall(t, cookie, 'GET', `/api/admin/races/${raceId}/standings`);
    expect(
      standings.json().results.map((r: Record<string, unknown>) => [r.prizeRank, r.prize, r.excluded]),
    ).toEqual([
      [1, 0, 'deleted'],
      [2, 50, null],
    ]);
    await expectInvariant(t.deps.db);
  });

  it('a level reward the operator adds later is not paid to a deleted account', async () => {
    const gone = await signInPlayer(t, 'LevelGhost');
    const live = await signInPlayer(t, 'LevelLive');
    await creditThroughCpx(t, gone, 30, { prefix: 'del-level' });
    await creditThroughCpx(t, live, 30, { prefix: 'del-level' });
    const goneId = await userIdOf(t.deps.db, gone.robloxId);
    await deleteOwnAccount(t, gone, 30);
    const made = await consoleCall(t, cookie, 'POST', '/api/admin/level-rewards', { level: 2, amount: 5 });
    expect(made.statusCode, made.body).toBe(201);
    t.clock.advance(60_000);
    await sweepLevelRewards(t.deps);
    expect(await ledgerEntriesWithKey(t.deps.db, `level:${goneId}:2`)).toEqual([]);
    expect(
      await ledgerEntriesWithKey(t.deps.db, `level:${await userIdOf(t.deps.db, live.robloxId)}:2`),
    ).toHaveLength(1);
    expect((await accountWithId(t.deps.db, goneId)).balance).toBe(0);
  });

  it("an admin's approval of a held credit of a deleted account is refused, and rejecting it works", async () => {
    const gone = await signInPlayer(t, 'HeldGhost');
    const held = await sendCpxPostback(t, {
      trans: 'del-held-1',
      user: gone.robloxId,
      local: '20.00',
      usd: null,
    });
    expect([held.statusCode, held.body]).toEqual([200, '1']);
    const [row] = await postbackRows(t.deps.db, { trans: 'del-held-1' });
    expect(row!.verdict).toBe('held');
    await deleteOwnAccount(t, gone, 0);
    const approve = await consoleCall(t, cookie, 'POST', `/api/admin/postbacks/${row!.id}/approve`);
    expect([approve.statusCode, approve.json().error]).toEqual([
      409,
      'This player deleted their account: nothing can be credited to it. Reject it.',
    ]);
    expect((await accountWithId(t.deps.db, row!.user_id!)).balance).toBe(0);
    const reject = await consoleCall(t, cookie, 'POST', `/api/admin/postbacks/${row!.id}/reject`);
    expect(reject.statusCode, reject.body).toBe(200);
  });

  it("a referrer who deleted their account gets no commission from a friend's later credits", async () => {
    const signIn = async (username: string, address: string, ref?: string) => {
      await t.control('POST', '/users', { name: username });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, ref },
        remoteAddress: address,
      });
      expect(res.statusCode, res.body).toBe(200);
      return {
        name: username,
        token: res.json().token as string,
        robloxId: res.json().user.robloxId as number,
      };
    };
    const hank = await signIn('HankGone', '198.18.9.1');
    const fay = await signIn('FayStays', '198.18.9.2', 'HankGone');
    await verifyPlayer(t, fay, 'hello! ');
    const hankId = await userIdOf(t.deps.db, hank.robloxId);
    // While Hank's account exists, Fay's credit pays him his commission.
    await expectPostbackCredited(t, { trans: 'del-ref-1', user: fay.robloxId, local: '10.00' });
    const commissions = async () =>
      (await ledgerEntries(t.deps.db, { userId: hankId })).filter((e) => e.kind === 'referral');
    expect(await commissions()).toHaveLength(1);
    await deleteOwnAccount(t, hank, 1);
    await expectPostbackCredited(t, { trans: 'del-ref-2', user: fay.robloxId, local: '10.00' });
    expect(await commissions()).toHaveLength(1);
    expect((await accountWithId(t.deps.db, hankId)).balance).toBe(0);
    await expectInvariant(t.deps.db);
  });
});

describe(`a deleted account comes back to its Roblox account on ${testEngine}`, () => {
  // Payouts run when the test asks (runPayoutOnce), not on a timer.
  openTestApp({ env: { PAYOUT_MODE: 'roblox', PAYOUT_INTERVAL_MS: '0' } });
  beforeAll(async () => {
    cookie = await adminCookie(t);
  });

  it("what it used stays used: the day's claim, a promo code, a giveaway entry", async () => {
    const code = await createPromoCode(t.deps, { code: 'ONCEONLY', amount: 2 });
    const id = await newGiveaway('Once');
    const rita = await signInPlayer(t, 'ReturningRita');
    const ritaId = await userIdOf(t.deps.db, rita.robloxId);
    expect((await claimDaily(t.app, rita.token)).statusCode).toBe(200);
    const redeem = (player: SignedInPlayer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/promocode/redeem',
        headers: bearer(player.token),
        payload: { code: 'ONCEONLY' },
      });
    expect((await redeem(rita)).statusCode).toBe(200);
    expect((await enter(rita)).statusCode).toBe(200);
    const balance = (await accountWithId(t.deps.db, ritaId)).balance;
    await deleteOwnAccount(t, rita, balance / 100);

    // The same Roblox account, proven through its bio: the same account, its balance given up.
    const back = await signInPlayer(t, 'ReturningRita');
    expect(await userIdOf(t.deps.db, back.robloxId)).toBe(ritaId);
    expect((await accountWithId(t.deps.db, ritaId)).balance).toBe(0);
    const again = await claimDaily(t.app, back.token);
    expect(again.statusCode, again.body).not.toBe(200);
    const promo = await redeem(back);
    expect([promo.statusCode, promo.json().reason]).toEqual([409, 'PROMO_ALREADY_REDEEMED']);
    const entry = await enter(back);
    expect([entry.statusCode, entry.json().error]).toEqual([409, 'You have already entered this giveaway.']);
    expect((await accountWithId(t.deps.db, ritaId)).balance).toBe(0);
    expect(await ledgerEntries(t.deps.db, { kind: 'promo', keyLike: `promo:${code.id}:%` })).toHaveLength(1);
    const entries = await t.deps.db
      .selectFrom('giveaway_entries')
      .select('user_id')
      .where('giveaway_id', '=', id)
      .execute();
    expect(entries.map((e) => Number(e.user_id))).toEqual([ritaId]);
    await expectInvariant(t.deps.db);
  });

  it('a credit withdrawn, then reversed after the deletion, is a debt the account comes back with', async () => {
    const dora = await signInPlayer(t, 'DebtDora');
    await verifyPlayer(t, dora, 'hello! ');
    const doraId = await userIdOf(t.deps.db, dora.robloxId);
    await expectPostbackCredited(t, { trans: 'debt-1', user: dora.robloxId, local: '10.00' });
    const asked = await requestWithdrawal(t, dora, 7);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(await runPayoutOnce(t.deps)).toMatchObject({ outcome: 'paid' });
    expect((await accountWithId(t.deps.db, doraId)).balance).toBe(300);
    await deleteOwnAccount(t, dora, 3);

    // CPX takes the R$10 back: the R$3 given up covers part of it, the R$7 withdrawn is owed.
    await expectPostbackCredited(t, { status: '2', trans: 'debt-1', user: dora.robloxId, local: '0' });
    await expectPostbackCredited(t, { status: '2', trans: 'debt-1', user: dora.robloxId, local: '0' });
    expect((await accountWithId(t.deps.db, doraId)).balance).toBe(-700);
    const entries = await ledgerEntries(t.deps.db, { userId: doraId });
    expect(entries.map((e) => [e.kind, Number(e.amount)])).toEqual([
      ['survey', 1000],
      ['withdrawal', -700],
      ['forfeit', -300],
      ['reversal', -700],
    ]);
    // Back through the bio: the same account, the debt with it.
    const back = await signInPlayer(t, 'DebtDora');
    expect(await userIdOf(t.deps.db, back.robloxId)).toBe(doraId);
    expect((await accountWithId(t.deps.db, doraId)).balance).toBe(-700);
    await expectInvariant(t.deps.db);
  });
  it('deleted, back and deleted again: each deletion gives up the balance it had', async () => {
    const otto = await signInPlayer(t, 'TwiceOtto');
    const ottoId = await userIdOf(t.deps.db, otto.robloxId);
    await creditThroughCpx(t, otto, 5, { prefix: 'twice-a' });
    await deleteOwnAccount(t, otto, 5);
    t.clock.advance(60_000);
    const back = await signInPlayer(t, 'TwiceOtto');
    await creditThroughCpx(t, back, 4, { prefix: 'twice-b' });
    await deleteOwnAccount(t, back, 4);
    expect((await accountWithId(t.deps.db, ottoId)).balance).toBe(0);
    const forfeits = await ledgerEntries(t.deps.db, { userId: ottoId, kind: 'forfeit' });
    expect(forfeits.map((e) => Number(e.amount))).toEqual([-500, -400]);
    await expectInvariant(t.deps.db);
  });
});
