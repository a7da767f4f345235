import { beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../src/deps.ts';
import { claim, notePurchaseAttempt } from '../src/modules/withdrawals/payout-repository.ts';
import {
  PAYOUT_LEASE_MS,
  processWithdrawal,
  runPayoutOnce,
} from '../src/modules/withdrawals/payout-worker.ts';
import { ManualClock } from '../src/shared/clock.ts';
import { userIdOf } from './support/accounts.ts';
import { requestWithdrawal } from './support/gamepasses.ts';
import { creditRobux, expectInvariant } from './support/ledger.ts';
import { leasesRunOut } from './support/payout-leases.ts';
import { signInPlayer, verifyPlayer, type SignedInPlayer } from './support/players.ts';
import { openTestApp, t } from './support/suite.ts';
import { testEngine } from './support/test-database.ts';

/**
 * A payout's claim holds for PAYOUT_LEASE_MS measured on the database's clock, never on a worker
 * process's own: a worker whose clock is 10 minutes off (either way) neither takes a live claim over
 * early nor has its own claim taken over early.
 */

const TEN_MINUTES = 10 * 60_000;

/** A worker process with its own clock, `skewMs` off the real time; the database is the same. */
const workerWithClock = (skewMs: number): Deps => ({
  ...t.deps,
  clock: new ManualClock(new Date(Date.now() + skewMs)),
});

describe(`a payout lease on the database's clock, on ${testEngine}`, () => {
  openTestApp({ env: { PAYOUT_MODE: 'roblox', PAYOUT_INTERVAL_MS: '0' } });
  let player: SignedInPlayer;

  beforeAll(async () => {
    player = await signInPlayer(t, 'AliceRBX');
    await verifyPlayer(t, player, '');
    await creditRobux(t.deps.db, t.clock, await userIdOf(t.deps.db, player.robloxId), 1_000);
  });

  async function withdrawal(robux: number) {
    const res = await requestWithdrawal(t, player, robux);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { id: res.body.withdrawal.id as number, passId: res.passId };
  }

  const row = (id: number) =>
    t.deps.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const purchasesOf = async (passId: number) =>
    ((await t.control('GET', '/purchases')) as Array<{ gamePassId: number }>).filter(
      (p) => p.gamePassId === passId,
    );

  /**
   * `holder` claims withdrawal `id` as the payout machine's first step does, and then (as far as this
   * test goes) is busy buying: the claim stays live.
   */
  async function claimBy(holder: Deps, id: number) {
    const claimed = await claim(holder.db, id, 'holder', holder.clock.now().toISOString(), PAYOUT_LEASE_MS);
    expect(claimed).toMatchObject({ id, state: 'purchasing', claimed_by: 'holder' });
  }

  it('a claim taken by a worker whose clock is 10 minutes ahead is not taken over by another', async () => {
    const { id, passId } = await withdrawal(10);
    await claimBy(workerWithClock(TEN_MINUTES), id);
    // The claim's time is the database's, not the claiming worker's.
    const claimedAt = Date.parse((await row(id)).claimed_at!);
    expect(Math.abs(claimedAt - Date.now())).toBeLessThan(TEN_MINUTES / 2);
    // Workers with the right clock, and 10 minutes behind or ahead, find nothing to take.
    for (const skew of [0, -TEN_MINUTES, TEN_MINUTES]) {
      expect(await runPayoutOnce(workerWithClock(skew))).toBeNull();
      expect(await processWithdrawal(workerWithClock(skew), id)).toMatchObject({ outcome: 'not_claimed' });
    }
    expect(await row(id)).toMatchObject({ state: 'purchasing', claimed_by: 'holder', attempts: 1 });
    expect(await purchasesOf(passId)).toHaveLength(0);
  });

  it("a worker whose clock is 10 minutes ahead does not take over another's live claim early", async () => {
    const { id, passId } = await withdrawal(11);
    await claimBy(workerWithClock(0), id);
    // To this worker's clock the claim is 10 minutes old, past the 2-minute lease; to the database's
    // it was taken a moment ago.
    expect(await runPayoutOnce(workerWithClock(TEN_MINUTES))).toBeNull();
    expect(await processWithdrawal(workerWithClock(TEN_MINUTES), id)).toMatchObject({
      outcome: 'not_claimed',
    });
    expect(await row(id)).toMatchObject({ state: 'purchasing', claimed_by: 'holder', attempts: 1 });
    expect(await purchasesOf(passId)).toHaveLength(0);
  });

  it('recording the attempt renews the lease: a request on its way is not taken over, however long the checks took', async () => {
    const { id, passId } = await withdrawal(13);
    await claimBy(workerWithClock(0), id);
    // The checks before the request took the whole lease, but nobody took the claim meanwhile.
    await leasesRunOut(t.deps.db, [id]);
    expect(await notePurchaseAttempt(t.deps.db, id, 'holder', new Date().toISOString())).toBe(true);
    // The request is on its way: another worker must not send a second one.
    expect(await runPayoutOnce(workerWithClock(0))).toBeNull();
    expect(await row(id)).toMatchObject({ state: 'purchasing', claimed_by: 'holder', purchase_attempts: 1 });
    expect(await purchasesOf(passId)).toHaveLength(0);
  });

  it('once the lease has run out on the database clock, any worker takes the claim over', async () => {
    const { id, passId } = await withdrawal(12);
    // The claim of a worker that then died.
    await claimBy(workerWithClock(0), id);
    expect(await runPayoutOnce(workerWithClock(TEN_MINUTES))).toBeNull();
    await leasesRunOut(t.deps.db, [id]);
    // Even a worker whose clock is 10 minutes behind takes it over now.
    expect(await runPayoutOnce(workerWithClock(-TEN_MINUTES))).toMatchObject({ id, outcome: 'paid' });
    expect(await row(id)).toMatchObject({ state: 'paid', attempts: 2 });
    expect(await purchasesOf(passId)).toHaveLength(1);
    await expectInvariant(t.deps.db);
  });
});
