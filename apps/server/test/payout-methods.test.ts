import { describe, expect, it, beforeAll } from 'vitest';
import { groupLink } from '@rewards/contracts';
import { RETRY_MAX_MS, runPayoutOnce } from '../src/modules/withdrawals/payout-worker.ts';
import { testEngine } from './support/test-database.ts';
import { bearer } from './support/test-app.ts';
import { adminConsole } from './support/admin-console.ts';
import { openTestApp, t } from './support/suite.ts';
import {
  BOTH_METHODS_ENV,
  GROUP_PAYOUTS_PATH,
  PAYOUT_GROUP_ID,
  groupFunds,
  openPayoutGroup,
  payoutHarness,
  removeGroupMember,
  setGroupMember,
  type PayoutPlayer,
} from './support/groups.ts';

/**
 * Group payouts: a member Roblox lets the group pay is paid the exact amount from the group's
 * funds, once; anyone else is refused before any debit; an empty group makes the payout wait, never
 * refund; an unclear payout is settled from the group's transactions, never paid again.
 */

const MINUTE = 60_000;
const TRANSACTIONS_PATH = `/v2/groups/${PAYOUT_GROUP_ID}/transactions`;

describe(`group payouts (PAYOUT_METHODS=gamepass,group) on ${testEngine}`, () => {
  const h = payoutHarness(() => t);
  /** A member the group may pay, holding `robux`. */
  async function member(robux: number, status: 'Eligible' | 'PayoutRestricted' = 'Eligible') {
    const p = await h.player(robux);
    await setGroupMember(t.control, p.robloxId, status);
    return p;
  }
  const options = (p: PayoutPlayer) =>
    t.app.inject({ method: 'GET', url: '/api/payout-options', headers: bearer(p.token) });

  // A short gateway timeout, so a slow payout answer is an unclear one.
  openTestApp({ env: { ...BOTH_METHODS_ENV, ROBLOX_TIMEOUT_MS: '400' } });
  beforeAll(async () => {
    await openPayoutGroup(t.control, 10_000);
  });

  it('an eligible member is paid the exact amount from the group, once, and the transaction is recorded', async () => {
    const p = await member(100);
    const fundsBefore = await groupFunds(t.control);
    const id = await h.requestGroup(p, 40);
    expect(await h.balance(p)).toBe(60);

    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'paid' });
    const paid = await h.groupPayoutsTo(p);
    expect(paid).toEqual([
      expect.objectContaining({ groupId: PAYOUT_GROUP_ID, recipientId: p.robloxId, amount: 40 }),
    ]);
    expect(await groupFunds(t.control)).toBe(fundsBefore - 40);
    expect(await h.row(id)).toMatchObject({
      state: 'paid',
      method: 'group',
      gamepass_id: null,
      seller_id: p.robloxId,
      purchase_attempts: 1,
      payout_ref: String(paid[0]!.transactionId),
    });

    // Nothing left to do: the next run pays nothing again.
    expect(await runPayoutOnce(t.deps)).toBeNull();
    expect(await h.groupPayoutsTo(p)).toHaveLength(1);
    expect(await h.balance(p)).toBe(60);
    const mine = await t.app.inject({ method: 'GET', url: '/api/withdrawals', headers: bearer(p.token) });
    expect(mine.json().withdrawals[0]).toMatchObject({
      id,
      method: 'group',
      gamepassId: null,
      state: 'paid',
    });
    await h.invariant();
  });

  it('"Check again" asks Roblox past the minute\'s cache, and the next read keeps the new answer', async () => {
    const p = await h.player();
    expect((await options(p)).json().group.eligibility).toBe('NotInGroup');
    await setGroupMember(t.control, p.robloxId, 'Eligible');
    // Within the minute a page's read is the cached answer...
    expect((await options(p)).json().group.eligibility).toBe('NotInGroup');
    // ...and the explicit check is Roblox's answer now.
    const check = () =>
      t.app.inject({ method: 'POST', url: '/api/payout-options/check', headers: bearer(p.token) });
    const checked = await check();
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({
      methods: ['gamepass', 'group'],
      group: { id: PAYOUT_GROUP_ID, url: groupLink(PAYOUT_GROUP_ID), eligibility: 'Eligible' },
    });
    expect((await options(p)).json().group.eligibility).toBe('Eligible');
    // Leaving is seen by the next check too; signed out there is nothing to check.
    await removeGroupMember(t.control, p.robloxId);
    expect((await check()).json().group.eligibility).toBe('NotInGroup');
    expect((await t.app.inject({ method: 'POST', url: '/api/payout-options/check' })).statusCode).toBe(401);
  });

  it('a payout-restricted member and a player outside the group are refused before any debit', async () => {
    const restricted = await member(100, 'PayoutRestricted');
    const outsider = await h.player(100);
    const cases = [
      [restricted, /two weeks in the group/],
      [
        outsider,
        new RegExp(
          `Join our Roblox group first \\(${groupLink(PAYOUT_GROUP_ID).replace(/[.?/]/g, '\\$&')}\\)`,
        ),
      ],
    ] as const;
    for (const [p, message] of cases) {
      const res = await h.withdraw(p, { method: 'group', amount: 30 });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'GROUP_PAYOUT_NOT_ELIGIBLE' });
      expect(res.json().error).toMatch(message);
      expect(await h.balance(p)).toBe(100);
      expect(await h.rowsOf(p)).toEqual([]);
    }
    expect(await runPayoutOnce(t.deps)).toBeNull();
    await h.invariant();
  });

  it('one live group payout per player (409); the payout options say the methods and the eligibility', async () => {
    const p = await member(100);
    const first = await h.requestGroup(p, 20);
    const second = await h.withdraw(p, { method: 'group', amount: 20 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      error: expect.stringMatching(/already have a group payout on its way/),
      reason: 'GROUP_PAYOUT_IN_FLIGHT',
    });
    expect(await h.balance(p)).toBe(80);
    expect(await h.rowsOf(p)).toHaveLength(1);
    // Once the first is paid, the next is accepted.
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id: first, outcome: 'paid' });
    await h.requestGroup(p, 20);
    expect(await h.balance(p)).toBe(60);

    expect((await options(p)).json()).toEqual({
      methods: ['gamepass', 'group'],
      // The bounds of one withdrawal (MIN_WITHDRAWAL, MAX_WITHDRAWAL), told before the player types.
      minRobux: 5,
      maxRobux: 10000,
      // The test app pays a first withdrawal without review (REVIEW_FIRST_WITHDRAWAL=false).
      firstWithdrawalReviewed: false,
      group: { id: PAYOUT_GROUP_ID, url: groupLink(PAYOUT_GROUP_ID), eligibility: 'Eligible' },
    });
    const restricted = await member(0, 'PayoutRestricted');
    expect((await options(restricted)).json().group.eligibility).toBe('PayoutRestricted');
    expect((await options(await h.player())).json().group.eligibility).toBe('NotInGroup');
    expect((await t.app.inject({ method: 'GET', url: '/api/payout-options' })).statusCode).toBe(401);
    // Drain: later tests expect an empty queue.
    expect(await runPayoutOnce(t.deps)).toMatchObject({ outcome: 'paid' });
    await h.invariant();
  });

  it('an empty group: the payout waits (never refunded) and is paid once funds are added', async () => {
    await t.control('PATCH', `/groups/${PAYOUT_GROUP_ID}`, { funds: 0 });
    t.clock.advance(MINUTE); // the funds read a minute ago are read again
    const p = await member(100);
    const id = await h.requestGroup(p, 25);

    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'waiting_for_funds' });
    expect(await h.row(id)).toMatchObject({ state: 'pending', purchase_attempts: 0 });
    expect((await h.account()).funds_pause).toMatch(/group's funds \(R\$ 0\) cannot cover withdrawal/);
    expect(await h.groupPayoutsTo(p)).toEqual([]);
    // Not due again before a minute has passed, and never refunded meanwhile.
    expect(await runPayoutOnce(t.deps)).toBeNull();
    expect(await h.balance(p)).toBe(75);

    await t.control('PATCH', `/groups/${PAYOUT_GROUP_ID}`, { funds: 10_000 });
    t.clock.advance(MINUTE);
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'paid' });
    expect(await h.groupPayoutsTo(p)).toEqual([expect.objectContaining({ amount: 25 })]);
    expect((await h.account()).funds_pause).toBeNull();
    expect(await h.balance(p)).toBe(75);
    await h.invariant();
  });

  describe('an unclear payout answer', () => {
    /** The gateway holds a CSRF token, so the slowed request below is the payout itself (nothing is paid). */
    async function warmCsrf(p: PayoutPlayer) {
      const answer = await t.deps.roblox.payFromGroup({
        groupId: PAYOUT_GROUP_ID,
        userId: p.robloxId,
        amount: 0,
      });
      expect(answer).toMatchObject({ kind: 'refused' });
    }
    const slow = (paths: string[], times: number) =>
      t.control('POST', '/mode', { mode: 'slow', delayMs: 1_500, paths, times });
    /** Roblox paid the withdrawal once, and its row says so with that payout's transaction. */
    async function expectPaidOnce(p: PayoutPlayer, id: number) {
      const paid = await h.groupPayoutsTo(p);
      expect(paid).toHaveLength(1);
      expect(await h.row(id)).toMatchObject({
        state: 'paid',
        purchase_attempts: 1,
        payout_ref: String(paid[0]!.transactionId),
      });
    }

    it('is settled from the group transactions: paid, without paying again', async () => {
      const p = await member(100);
      await warmCsrf(p);
      const id = await h.requestGroup(p, 30);
      await slow([GROUP_PAYOUTS_PATH], 1);
      try {
        expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'paid' });
      } finally {
        await t.control('POST', '/mode', { mode: 'up' });
      }
      await expectPaidOnce(p, id);
      expect(await runPayoutOnce(t.deps)).toBeNull();
      expect(await h.groupPayoutsTo(p)).toHaveLength(1);
      await h.invariant();
    });

    it('is settled on the next run when the transactions could not be read at once', async () => {
      const p = await member(100);
      await warmCsrf(p);
      const id = await h.requestGroup(p, 35);
      await slow([GROUP_PAYOUTS_PATH, TRANSACTIONS_PATH], 2);
      try {
        expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'retry' });
      } finally {
        await t.control('POST', '/mode', { mode: 'up' });
      }
      expect(await h.row(id)).toMatchObject({ state: 'pending', purchase_attempts: 1, payout_ref: null });
      expect(await h.groupPayoutsTo(p)).toHaveLength(1); // Roblox paid it meanwhile

      t.clock.advance(RETRY_MAX_MS);
      expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'paid' });
      await expectPaidOnce(p, id);
      expect(await h.balance(p)).toBe(65);
      await h.invariant();
    });

    it('keeps counting it when the next check finds the payout account stopped: never paid again, never refunded', async () => {
      const admin = adminConsole(() => t);
      const p = await member(100);
      await warmCsrf(p);
      const id = await h.requestGroup(p, 31);
      await slow([GROUP_PAYOUTS_PATH, TRANSACTIONS_PATH], 2);
      try {
        expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'retry' });
      } finally {
        await t.control('POST', '/mode', { mode: 'up' });
      }
      expect(await h.groupPayoutsTo(p)).toHaveLength(1); // Roblox paid it meanwhile

      // The payout cookie expires: the next check's read of the transactions is refused.
      await t.control('PATCH', '/payout', { cookie: 'a-cookie-roblox-no-longer-takes' });
      t.clock.advance(RETRY_MAX_MS);
      try {
        expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'stopped' });
        expect(await h.row(id)).toMatchObject({ state: 'pending', purchase_attempts: 1 });
        // The attempt may have paid, so no one can refund it.
        const reject = await admin('POST', `/api/admin/withdrawals/${id}/reject`, { reason: 'x' });
        expect(reject.statusCode, reject.body).toBe(409);
      } finally {
        await t.control('PATCH', '/payout', { cookie: 'test-payout-cookie' });
        expect((await admin('POST', '/api/admin/payout-account/resume')).statusCode).toBe(200);
      }
      expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'paid' });
      await expectPaidOnce(p, id);
      expect(await h.balance(p)).toBe(69);
      await h.invariant();
    });

    it('goes to review when the transactions cannot tell it apart from an earlier payout', async () => {
      const p = await member(100);
      await warmCsrf(p);
      // An earlier withdrawal of the same amount paid, but its transaction was never looked up.
      const first = await h.requestGroup(p, 40);
      await slow([TRANSACTIONS_PATH], 1);
      try {
        expect(await runPayoutOnce(t.deps)).toMatchObject({ id: first, outcome: 'paid' });
      } finally {
        await t.control('POST', '/mode', { mode: 'up' });
      }
      expect(await h.row(first)).toMatchObject({ state: 'paid', payout_ref: null });
      const id = await h.requestGroup(p, 40);
      await slow([GROUP_PAYOUTS_PATH], 1);
      try {
        expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'retry' });
      } finally {
        await t.control('POST', '/mode', { mode: 'up' });
      }
      expect(await h.groupPayoutsTo(p)).toHaveLength(2);

      // Two payouts of R$40 and one matched to neither: waiting cannot tell which is whose.
      t.clock.advance(RETRY_MAX_MS);
      expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'needs_review' });
      expect((await h.row(id)).last_error).toContain('never matched');
      t.clock.advance(RETRY_MAX_MS);
      expect(await runPayoutOnce(t.deps)).toBeNull();
      expect(await h.groupPayoutsTo(p)).toHaveLength(2);
      await h.invariant();
    });
  });

  it('a member who left the group before the payout is refunded with the reason; nothing is paid', async () => {
    const p = await member(100);
    const id = await h.requestGroup(p, 45);
    await removeGroupMember(t.control, p.robloxId);
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'refunded' });
    expect(await h.row(id)).toMatchObject({
      state: 'refunded',
      last_error: expect.stringMatching(/no longer a member of our Roblox group/),
    });
    expect(await h.groupPayoutsTo(p)).toEqual([]);
    expect(await h.balance(p)).toBe(100);
    await h.invariant();
  });
});

describe(`a method that is not offered on ${testEngine}`, () => {
  const h = payoutHarness(() => t);

  openTestApp({ env: { ...BOTH_METHODS_ENV, PAYOUT_METHODS: 'group' } });

  it('is refused with 400 before any debit; group is the default', async () => {
    await openPayoutGroup(t.control, 1_000);
    const p = await h.player(100);
    await setGroupMember(t.control, p.robloxId, 'Eligible');
    const pass = await h.pass(p, 10);
    const res = await h.withdraw(p, { method: 'gamepass', gamepassId: pass.id, amount: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/gamepass withdrawals are not offered/);
    expect(await h.balance(p)).toBe(100);
    expect(await h.rowsOf(p)).toEqual([]);

    const options = await t.app.inject({
      method: 'GET',
      url: '/api/payout-options',
      headers: bearer(p.token),
    });
    expect(options.json()).toMatchObject({ methods: ['group'], group: { eligibility: 'Eligible' } });
    // No method named: the first offered one, a group payout.
    const plain = await h.withdraw(p, { amount: 10 });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().withdrawal).toMatchObject({ method: 'group', gamepassId: null });
    await h.invariant();
  });
});
