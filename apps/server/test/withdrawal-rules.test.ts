import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.ts';
import { REVIEW_RULES, reviewReasons } from '../src/modules/withdrawals/review-rules.ts';
import { isLinkedToBannedAccount } from '../src/modules/signals/index.ts';
import { processWithdrawal, runPayoutOnce } from '../src/modules/withdrawals/payout-worker.ts';
import { adminConsole } from './support/admin-console.ts';
import { testEngine } from './support/test-database.ts';
import { bearer, createTestApp, type TestApp } from './support/test-app.ts';
import { openTestApp, t } from './support/suite.ts';
import { userIdOf } from './support/accounts.ts';
import { payoutHarness, type PayoutPlayer } from './support/groups.ts';
import { signInPlayer, verifyPlayer } from './support/players.ts';
import { auditRows } from './support/records.ts';
import { expectPostbackCredited } from './support/postbacks.ts';

/**
 * Withdrawals: a ban freezes money (`held`), a high reversal share pauses withdrawals, and
 * the review rules (first withdrawal, above REVIEW_ABOVE, young Roblox account) send a withdrawal to
 * the admin's review queue, where approval pays it once and rejection refunds it once.
 */

const DAY = 24 * 60 * 60 * 1000;
type Player = PayoutPlayer;

/** The shared payout helpers bound to one test app, with players of a chosen age, the console and postbacks. */
function harness(get: () => TestApp) {
  const t = () => get();
  let names = 0;
  const h = {
    ...payoutHarness(get),
    /** The admin console's calls. */
    admin: adminConsole(get),
    /** A fresh Roblox account (created `ageDays` ago, default: years), signed in and bio-verified. */
    async player(opts: { ageDays?: number } = {}): Promise<Player> {
      const name = `Rules${++names}_${randomUUID().slice(0, 8)}`;
      const created =
        opts.ageDays === undefined
          ? undefined
          : new Date(t().clock.now().getTime() - opts.ageDays * DAY).toISOString();
      const user = await t().control('POST', '/users', { name, ...(created ? { created } : {}) });
      const p = await signInPlayer(t(), name);
      expect(p.robloxId).toBe(user.id);
      await verifyPlayer(t(), p, '');
      return { ...p, userId: await userIdOf(t().deps.db, p.robloxId) };
    },
    /** Moves a withdrawal's request time `ms` into the past (as if it had been asked for then). */
    async ageWithdrawal(id: number, ms: number) {
      const at = new Date(t().clock.now().getTime() - ms).toISOString();
      await t().deps.db.updateTable('withdrawals').set({ created_at: at }).where('id', '=', id).execute();
    },
    async entries(p: Player, kind: string) {
      return t()
        .deps.db.selectFrom('ledger_entries')
        .selectAll()
        .where('user_id', '=', p.userId)
        .where('kind', '=', kind as never)
        .execute();
    },
    async audit(target: string) {
      const rows = await auditRows(t().deps.db, { target });
      return rows.map((r) => ({
        action: r.action,
        before: JSON.parse(r.before ?? 'null'),
        after: JSON.parse(r.after ?? 'null'),
      }));
    },
    ban(p: Player, status: 'banned' | 'active' = 'banned') {
      return h.admin('PUT', `/api/toggle-ban/${p.userId}`, { status });
    },
    decide(id: number, decision: 'approve' | 'refund', note?: string) {
      return h.admin('POST', `/api/admin/withdrawals/${id}/decide`, { decision, ...(note ? { note } : {}) });
    },
    /** A CPX survey credit (status 1) or reversal (status 2) through the real postback endpoint. */
    async cpx(p: Player, trans: string, status: '1' | '2', robux = 5) {
      await expectPostbackCredited(t(), {
        status,
        trans,
        user: p.robloxId,
        local: robux.toFixed(2),
        usd: (robux / 25).toFixed(2),
      });
    },
  };
  return h;
}

describe('withdrawal rule settings', () => {
  it('ship with review on for first withdrawals, above R$500 and for accounts under 14 days; 10% reversals', () => {
    const env = loadEnv({ NODE_ENV: 'test' });
    expect(env).toMatchObject({
      REVIEW_FIRST_WITHDRAWAL: true,
      REVIEW_ABOVE: 500,
      MIN_ACCOUNT_AGE_DAYS: 14,
      MAX_REVERSAL_PERCENT: 10,
    });
    expect(loadEnv({ REVIEW_FIRST_WITHDRAWAL: 'false' }).REVIEW_FIRST_WITHDRAWAL).toBe(false);
    for (const [name, value] of [
      ['REVIEW_FIRST_WITHDRAWAL', 'maybe'],
      ['REVIEW_ABOVE', '-1'],
      ['MIN_ACCOUNT_AGE_DAYS', 'two weeks'],
      ['MAX_REVERSAL_PERCENT', '101'],
    ]) {
      expect(() => loadEnv({ [name!]: value! }), name).toThrow(new RegExp(`${name}`));
    }
  });

  it('the review rules are one list, each a code and a check; the reasons come out in its order', async () => {
    expect(REVIEW_RULES.map((r) => r.code)).toEqual([
      'first_withdrawal',
      'above_limit',
      'young_account',
      'linked_to_banned',
    ]);
    const extra = { code: 'linked_to_banned', check: () => 'Shares a device with a banned account.' };
    const reasons = await reviewReasons(
      {
        deps: {} as never,
        db: {} as never,
        userId: 1,
        robloxId: 1,
        robux: 10,
        now: new Date(),
        sessionSignals: null,
      },
      [extra, { code: 'never', check: () => null }],
    );
    expect(reasons).toEqual([{ code: 'linked_to_banned', text: 'Shares a device with a banned account.' }]);
  });
});

describe(`a ban freezes money (PAYOUT_MODE=roblox) on ${testEngine}`, () => {
  const h = harness(() => t);

  // The worker is driven by hand (PAYOUT_INTERVAL_MS=0); this part is not about review.
  openTestApp({ env: { PAYOUT_MODE: 'roblox', PAYOUT_INTERVAL_MS: '0' } });

  it('acceptance: withdraws, is banned before the payout runs: nothing bought, held, refunded exactly once', async () => {
    const p = await h.player();
    await h.give(p, 100);
    const { id, pass } = await h.request(p, 40);
    expect((await h.row(id)).state).toBe('pending');

    const ban = await h.ban(p);
    expect(ban.statusCode, ban.body).toBe(200);
    expect(await h.row(id)).toMatchObject({ state: 'held', last_error: expect.stringMatching(/banned/) });
    // A banned player can still read: the withdrawal reads as under review.
    const tx = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: bearer(p.token) });
    expect(tx.json().items[0]).toMatchObject({ kind: 'withdrawal', state: 'under_review', amount: 40 });

    // The worker has nothing to do, now or later, and unbanning pays nothing by itself.
    expect(await runPayoutOnce(t.deps)).toBeNull();
    t.clock.advance(60 * 60_000);
    expect(await processWithdrawal(t.deps, id)).toMatchObject({ outcome: 'not_claimed' });
    expect((await h.ban(p, 'active')).statusCode).toBe(200);
    expect(await runPayoutOnce(t.deps)).toBeNull();
    expect((await h.row(id)).state).toBe('held');
    expect(await h.purchasesOf(pass.id)).toEqual([]);
    expect(await h.purchaseRequests(pass.productId)).toBe(0);

    // The admin's queue shows it held, with why.
    const list = await h.admin('GET', '/api/admin/withdrawals?state=held');
    expect(list.json().withdrawals).toEqual([
      expect.objectContaining({ id, state: 'held', lastError: expect.stringMatching(/banned/) }),
    ]);
    // Every page counts the queue by state, so the console opens on the tab with work.
    expect(list.json().waiting).toContainEqual({ state: 'held', count: list.json().total });
    expect(list.json().waiting.map((w: { state: string }) => w.state)).not.toContain('refunded');

    // Refund: ten clicks at once, one refund.
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.decide(id, 'refund')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(answers.find((a) => a.statusCode === 200)!.json().withdrawal).toMatchObject({
      id,
      state: 'refunded',
    });
    expect(await h.balance(p)).toBe(100);
    expect(await h.entries(p, 'withdrawal_refund')).toHaveLength(1);
    expect((await h.decide(id, 'refund')).json()).toMatchObject({ code: 'CONFLICT' });
    expect((await h.decide(id, 'approve')).statusCode).toBe(409);
    expect(await h.balance(p)).toBe(100);
    expect((await h.audit(`withdrawal:${id}`)).map((a) => a.action)).toEqual([
      'withdrawal.held',
      'withdrawal.held_refund',
    ]);
    expect(await h.purchaseRequests(pass.productId)).toBe(0);
    await h.invariant();
  });

  it('banned after the request but before the worker claims it: held at the claim, nothing asked of Roblox', async () => {
    const p = await h.player();
    await h.give(p, 50);
    const { id, pass } = await h.request(p, 20);
    // A ban that did not go through the console's ban (e.g. committed while the request was in flight).
    await t.deps.db.updateTable('users').set({ status: 'banned' }).where('id', '=', p.userId).execute();
    const stats = await t.control('GET', '/stats');
    const result = await processWithdrawal(t.deps, id);
    expect(result).toMatchObject({
      id,
      outcome: 'held',
      detail: expect.stringMatching(/when the payout started/),
    });
    expect(await t.control('GET', '/stats')).toEqual(stats);
    expect((await h.row(id)).state).toBe('held');
    expect(await h.purchasesOf(pass.id)).toEqual([]);
    await h.invariant();
  });

  it('banned while the worker reads the gamepass: the check just before buying stops it', async () => {
    const p = await h.player();
    await h.give(p, 50);
    const { id, pass } = await h.request(p, 30);
    // The gamepass read answers slowly; the ban lands meanwhile (the withdrawal is `purchasing`).
    await t.control('POST', '/mode', { mode: 'slow', delayMs: 400, times: 1, paths: ['/game-passes/'] });
    const running = processWithdrawal(t.deps, id);
    await expect.poll(async () => (await h.row(id)).state, { interval: 20 }).toBe('purchasing');
    expect((await h.ban(p)).statusCode).toBe(200);
    expect((await h.row(id)).state).toBe('purchasing'); // the ban leaves a claimed one to the worker
    expect(await running).toMatchObject({
      outcome: 'held',
      detail: expect.stringMatching(/just before buying/),
    });
    expect(await h.row(id)).toMatchObject({ state: 'held', purchase_attempts: 0 });
    expect(await h.purchasesOf(pass.id)).toEqual([]);
    expect(await h.purchaseRequests(pass.productId)).toBe(0);
    await h.invariant();
  });

  it('"pay anyway" sends a held withdrawal to payment once; the ban no longer stops it', async () => {
    const p = await h.player();
    await h.give(p, 50);
    const { id, pass } = await h.request(p, 25);
    await h.ban(p);
    expect((await h.row(id)).state).toBe('held');

    const approve = await h.decide(id, 'approve', 'Ban was for chat, not fraud');
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().withdrawal).toMatchObject({
      state: 'pending',
      payDespiteBan: true,
      lastError: null,
    });
    expect((await h.decide(id, 'approve')).statusCode).toBe(409);
    expect((await h.decide(id, 'refund')).statusCode).toBe(409);

    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'paid' });
    expect(await runPayoutOnce(t.deps)).toBeNull();
    expect(await h.purchasesOf(pass.id)).toHaveLength(1);
    expect(await h.balance(p)).toBe(25);
    expect(await h.entries(p, 'withdrawal_refund')).toHaveLength(0);
    const audit = await h.audit(`withdrawal:${id}`);
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.held', 'withdrawal.held_pay_anyway']);
    expect(audit[1]!.after).toEqual({ state: 'pending', reason: 'Ban was for chat, not fraud' });
    await h.invariant();
  });

  it('a ban also holds a withdrawal waiting for review; only those of the banned player', async () => {
    const p = await h.player();
    const other = await h.player();
    await h.give(p, 1000);
    await h.give(other, 100);
    const big = await h.request(p, 600); // above REVIEW_ABOVE: in review
    const small = await h.request(p, 10);
    const others = await h.request(other, 10);
    expect((await h.row(big.id)).state).toBe('in_review');
    await h.ban(p);
    expect((await h.row(big.id)).state).toBe('held');
    expect((await h.row(small.id)).state).toBe('held');
    expect((await h.row(others.id)).state).toBe('pending');
    // The admin still sees why it was in review.
    const list = await h.admin('GET', '/api/admin/withdrawals?state=held');
    expect(list.json().withdrawals.find((w: { id: number }) => w.id === big.id)).toMatchObject({
      playerStatus: 'banned',
      reviewReasons: [expect.objectContaining({ code: 'above_limit' })],
    });
    // A banned player cannot withdraw again, and cannot decide for themself.
    expect((await h.withdraw(p, { gamepassId: (await h.pass(p, 10)).id, amount: 10 })).json()).toMatchObject({
      code: 'BANNED',
    });
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${big.id}/decide`,
      headers: bearer(p.token),
      payload: { decision: 'refund' },
    });
    expect(self.statusCode).toBe(401);
    expect((await h.row(big.id)).state).toBe('held');
    await h.invariant();
  });

  /** A purchase attempt whose answer was lost: recorded as sent, and (if `bought`) done on Roblox. */
  async function unclearAttempt(id: number, bought: boolean) {
    await t.deps.db
      .updateTable('withdrawals')
      .set({ purchase_attempts: 1, attempts: 1, next_attempt_at: t.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
    if (bought) {
      const row = await h.row(id);
      const pass = await t.deps.roblox.getGamePass(Number(row.gamepass_id));
      expect(await t.deps.roblox.purchaseGamePass(pass!)).toEqual({ kind: 'purchased' });
    }
  }

  it('banned after an unclear attempt that did buy: the inventory says so, it is paid, not held or refunded', async () => {
    const p = await h.player();
    await h.give(p, 50);
    const { id, pass } = await h.request(p, 15);
    await unclearAttempt(id, true);
    expect((await h.ban(p)).statusCode).toBe(200);
    // The ban leaves a withdrawal that may have been bought to the worker, which asks the inventory.
    expect((await h.row(id)).state).toBe('pending');
    expect(await processWithdrawal(t.deps, id)).toMatchObject({ outcome: 'paid' });
    expect(await h.purchasesOf(pass.id)).toHaveLength(1);
    expect(await h.purchaseRequests(pass.productId)).toBe(1);
    expect(await h.balance(p)).toBe(35);
    await h.invariant();
  });

  it('banned after an unclear attempt that did not buy: held once the inventory says so, and refundable', async () => {
    const p = await h.player();
    await h.give(p, 50);
    const { id, pass } = await h.request(p, 15);
    await unclearAttempt(id, false);
    await h.ban(p);
    expect(await processWithdrawal(t.deps, id)).toMatchObject({ outcome: 'held' });
    expect(await h.purchasesOf(pass.id)).toHaveLength(0);
    expect((await h.decide(id, 'refund')).statusCode).toBe(200);
    expect(await h.balance(p)).toBe(50);
    await h.invariant();
  });
});

describe(`a ban and manual payouts (PAYOUT_MODE=manual) on ${testEngine}`, () => {
  const h = harness(() => t);

  openTestApp();

  it('"mark paid" on a banned player\'s withdrawal is refused and holds it', async () => {
    const p = await h.player();
    await h.give(p, 50);
    const { id } = await h.request(p, 20);
    await t.deps.db.updateTable('users').set({ status: 'banned' }).where('id', '=', p.userId).execute();
    const paid = await h.admin('POST', `/api/admin/withdrawals/${id}/paid`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toMatch(/is banned: withdrawal #\d+ was not marked paid and is now held/);
    expect((await h.row(id)).state).toBe('held');
    // Paid anyway: back to pending, and then "mark paid" works.
    expect((await h.decide(id, 'approve')).statusCode).toBe(200);
    expect((await h.admin('POST', `/api/admin/withdrawals/${id}/paid`)).statusCode).toBe(200);
    expect((await h.row(id)).state).toBe('paid');
    expect(await h.balance(p)).toBe(30);
    await h.invariant();
  });
});

describe(`reversals pause withdrawals on ${testEngine}`, () => {
  const h = harness(() => t);

  openTestApp();

  it('acceptance: 3 of 10 offer credits reversed: the player cannot withdraw and sees why; the admin sees the figures', async () => {
    const p = await h.player();
    for (let i = 0; i < 10; i++) await h.cpx(p, `pause-${p.userId}-${i}`, '1', 5);
    for (let i = 0; i < 3; i++) await h.cpx(p, `pause-${p.userId}-${i}`, '2', 5);
    await h.give(p, 100);
    expect(await h.balance(p)).toBe(135);

    const pass = await h.pass(p, 20);
    const res = await h.withdraw(p, { gamepassId: pass.id, amount: 20 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'WITHDRAWALS_PAUSED',
      success: false,
      error:
        'Withdrawals are paused on your account: 3 of your 10 offer and survey credits of the last 90 days (30%) were reversed by their provider, more than the 10% allowed. They resume by themselves once that share is 10% or less, as new credits are added or old ones pass 90 days.',
    });
    expect(await h.balance(p)).toBe(135);
    expect(await h.entries(p, 'withdrawal')).toHaveLength(0);

    // The withdraw page knows before the player tries.
    const own = await t.app.inject({ method: 'GET', url: '/api/withdrawals', headers: bearer(p.token) });
    // With the refusal's figures, so the notice reads in the player's language with the same numbers.
    expect(own.json().blocked).toEqual({
      code: 'WITHDRAWALS_PAUSED',
      message: res.json().error,
      reversals: res.json().reversals,
    });

    const money = await h.admin('GET', `/api/admin/users/${p.userId}/money`);
    expect(money.statusCode).toBe(200);
    expect(money.json()).toMatchObject({
      userId: p.userId,
      balance: 135,
      reversals: {
        windowDays: 90,
        credits: 10,
        reversed: 3,
        creditedRobux: 50,
        reversedRobux: 15,
        percent: 30,
        limitPercent: 10,
        paused: true,
      },
      blocked: { code: 'WITHDRAWALS_PAUSED' },
    });
    // The player cannot read the admin figures.
    const asPlayer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${p.userId}/money`,
      headers: bearer(p.token),
    });
    expect(asPlayer.statusCode).toBe(401);

    // Fresh credits dilute the share: 3 of 30 is 10%, which is allowed.
    for (let i = 10; i < 30; i++) await h.cpx(p, `pause-${p.userId}-${i}`, '1', 5);
    const ok = await h.withdraw(p, { gamepassId: pass.id, amount: 20 });
    expect(ok.statusCode, ok.body).toBe(200);
    await h.invariant();
  });

  it('one large reversed credit among many small ones pauses by its R$ share; it passes after 90 days', async () => {
    const p = await h.player();
    for (let i = 0; i < 12; i++) await h.cpx(p, `amt-${p.userId}-${i}`, '1', 1);
    await h.cpx(p, `amt-${p.userId}-big`, '1', 40);
    await h.cpx(p, `amt-${p.userId}-big`, '2', 40);
    await h.give(p, 50);
    const pass = await h.pass(p, 10);
    const res = await h.withdraw(p, { gamepassId: pass.id, amount: 10 });
    // 1 of 13 credits (7.7%) but R$ 40 of R$ 52 (76.9%).
    expect(res.json()).toMatchObject({ code: 'WITHDRAWALS_PAUSED' });
    expect(res.json().error).toMatch(/R\$ 40 of your R\$ 52 of offer and survey credits .* \(76\.9%\)/);

    t.clock.advance(91 * DAY);
    p.token = (await signInPlayer(t, p.name)).token; // the session ran out meanwhile
    const later = await h.withdraw(p, { gamepassId: pass.id, amount: 10 });
    expect(later.statusCode, later.body).toBe(200);
    t.clock.advance(-91 * DAY);
    await h.invariant();
  });

  it('a negative balance blocks withdrawals with a plain reason; later earnings pay it back first', async () => {
    const p = await h.player();
    // 10 credits of R$5, all withdrawn, then one is reversed: 1 of 10 is within the 10% allowed.
    for (let i = 0; i < 10; i++) await h.cpx(p, `neg-${p.userId}-${i}`, '1', 5);
    await h.request(p, 50);
    await h.cpx(p, `neg-${p.userId}-0`, '2', 5);
    expect(await h.balance(p)).toBe(-5);

    const pass = await h.pass(p, 5);
    const res = await h.withdraw(p, { gamepassId: pass.id, amount: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      reason: 'NEGATIVE_BALANCE',
      balance: -5,
      error:
        'Your balance is R$ -5: an offer or survey credit you had already used was reversed by its provider. Later earnings pay it back first; you can withdraw once your balance covers the amount.',
    });
    const own = await t.app.inject({ method: 'GET', url: '/api/withdrawals', headers: bearer(p.token) });
    expect(own.json().blocked).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      reason: 'NEGATIVE_BALANCE',
      balance: -5,
    });

    // R$ 8 earned: R$ 5 pays the debt, R$ 3 is left, not enough for R$ 5.
    await h.cpx(p, `neg-${p.userId}-10`, '1', 4);
    await h.cpx(p, `neg-${p.userId}-11`, '1', 4);
    expect(await h.balance(p)).toBe(3);
    expect((await h.withdraw(p, { gamepassId: pass.id, amount: 5 })).json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      error: 'You only have 3 Robux available.',
    });
    await h.cpx(p, `neg-${p.userId}-12`, '1', 2);
    expect((await h.withdraw(p, { gamepassId: pass.id, amount: 5 })).statusCode).toBe(200);
    expect(await h.balance(p)).toBe(0);
    await h.invariant();
  });

  it('MAX_REVERSAL_PERCENT=100 turns the pause off', async () => {
    const u = await createTestApp({ env: { MAX_REVERSAL_PERCENT: '100' } });
    try {
      const hu = harness(() => u);
      const p = await hu.player();
      await hu.cpx(p, `off-${p.userId}`, '1', 5);
      await hu.cpx(p, `off-${p.userId}`, '2', 5);
      await hu.give(p, 20);
      expect((await hu.withdraw(p, { gamepassId: (await hu.pass(p, 10)).id, amount: 10 })).statusCode).toBe(
        200,
      );
      await hu.invariant();
    } finally {
      await u.close();
    }
  });
});

describe(`review rules (PAYOUT_MODE=roblox, the shipped review defaults) on ${testEngine}`, () => {
  let t: TestApp;
  const h = harness(() => t);

  beforeAll(async () => {
    t = await createTestApp({
      env: { PAYOUT_MODE: 'roblox', PAYOUT_INTERVAL_MS: '0', REVIEW_FIRST_WITHDRAWAL: 'true' },
    });
    expect(t.deps.env).toMatchObject({ REVIEW_ABOVE: 500, MIN_ACCOUNT_AGE_DAYS: 14 });
  });
  afterAll(async () => {
    await t.close();
  });

  const reasonCodes = async (id: number) =>
    (await h.admin('GET', '/api/admin/withdrawals?state=in_review'))
      .json()
      .withdrawals.find((w: { id: number }) => w.id === id)
      ?.reviewReasons.map((r: { code: string }) => r.code);

  /**
   * A player with R$2,000 and a first withdrawal paid two days ago, so that only the amount rules
   * apply to the next ones and the first no longer counts towards the 24-hour total.
   */
  async function playerPastFirstWithdrawal() {
    const p = await h.player();
    await h.give(p, 2000);
    const first = await h.request(p, 10);
    expect((await h.decide(first.id, 'approve')).statusCode).toBe(200);
    expect(await runPayoutOnce(t.deps)).toMatchObject({ outcome: 'paid' });
    await h.ageWithdrawal(first.id, 2 * DAY);
    return p;
  }

  it('acceptance: a first withdrawal lands in review with its reason; approval pays it exactly once', async () => {
    const p = await h.player();
    await h.give(p, 100);
    const { id, pass, body } = await h.request(p, 30);
    expect(body).toMatchObject({
      success: true,
      message: expect.stringMatching(/under review/),
      withdrawal: { id, state: 'in_review' },
      robux: 70,
    });
    // The worker never touches it while in review.
    expect(await runPayoutOnce(t.deps)).toBeNull();
    expect(await processWithdrawal(t.deps, id)).toMatchObject({ outcome: 'not_claimed' });
    expect(await h.purchaseRequests(pass.productId)).toBe(0);

    // The player sees "under review" in their withdrawals and their transactions.
    const own = await t.app.inject({ method: 'GET', url: '/api/withdrawals', headers: bearer(p.token) });
    expect(own.json().withdrawals[0]).toMatchObject({ id, state: 'in_review' });
    const tx = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: bearer(p.token) });
    expect(tx.json().items[0]).toMatchObject({ kind: 'withdrawal', state: 'under_review', amount: 30 });

    // The admin sees why.
    const queue = await h.admin('GET', '/api/admin/withdrawals?state=in_review');
    expect(queue.json().withdrawals).toEqual([
      expect.objectContaining({
        id,
        state: 'in_review',
        playerStatus: 'active',
        reviewReasons: [
          { code: 'first_withdrawal', text: 'First withdrawal of this account (none paid yet).' },
        ],
      }),
    ]);
    const money = await h.admin('GET', `/api/admin/users/${p.userId}/money`);
    expect(money.json()).toMatchObject({
      paidWithdrawals: 0,
      open: [{ id, state: 'in_review', reviewReasons: [{ code: 'first_withdrawal' }] }],
    });

    // Approve: five clicks at once, one approval; then paid by the worker, once.
    const answers = await Promise.all(Array.from({ length: 5 }, () => h.decide(id, 'approve')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'paid' });
    expect(await runPayoutOnce(t.deps)).toBeNull();
    expect((await h.decide(id, 'refund')).statusCode).toBe(409);
    expect(await h.purchasesOf(pass.id)).toHaveLength(1);
    expect(await h.balance(p)).toBe(70);
    expect(await h.entries(p, 'withdrawal_refund')).toHaveLength(0);
    expect(await h.audit(`withdrawal:${id}`)).toEqual([
      {
        action: 'withdrawal.review_approve',
        before: { state: 'in_review', reviewReasons: ['first_withdrawal'] },
        after: { state: 'pending' },
      },
    ]);

    // Once one was paid, the next withdrawal of a small amount goes straight to payment.
    const second = await h.request(p, 10);
    expect(second.body.withdrawal.state).toBe('pending');
    expect(second.body.message).toBe('Your withdrawal request has been submitted.');
    // A pending one is not "decided" (the ordinary reject applies to it).
    expect((await h.decide(second.id, 'refund')).json()).toMatchObject({
      code: 'CONFLICT',
      error: expect.stringMatching(/only a withdrawal under review or held/),
    });
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id: second.id, outcome: 'paid' });
    await h.invariant();
  });

  it('four R$400 requests sent at once count each other: at most R$500 in 24 hours goes to payment unreviewed', async () => {
    const p = await playerPastFirstWithdrawal();
    const passes = await Promise.all(Array.from({ length: 4 }, () => h.pass(p, 400)));
    const answers = await Promise.all(
      passes.map((pass) => h.withdraw(p, { gamepassId: pass.id, amount: 400 })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = (await h.rowsOf(p)).filter((r) => r.robux === 400);
    // One of them fits under the threshold; each of the others takes the 24 hours' total over it.
    expect(rows.map((r) => r.state).sort()).toEqual(['in_review', 'in_review', 'in_review', 'pending']);
    for (const r of rows.filter((r) => r.state === 'in_review'))
      expect(JSON.parse(r.review_reasons!).map((x: { code: string }) => x.code)).toEqual(['above_limit']);
    const pending = rows.find((r) => r.state === 'pending')!;
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id: pending.id, outcome: 'paid' });
    for (const r of rows.filter((r) => r.state === 'in_review'))
      expect((await h.decide(r.id, 'refund')).statusCode).toBe(200);
    await h.invariant();
  });

  it('acceptance: a withdrawal above R$500 lands in review; rejection refunds it exactly once', async () => {
    const p = await playerPastFirstWithdrawal();

    const atLimit = await h.request(p, 500);
    expect(atLimit.body.withdrawal.state).toBe('pending');
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id: atLimit.id, outcome: 'paid' });
    const { id, pass } = await h.request(p, 501);
    expect((await h.row(id)).state).toBe('in_review');
    expect(await reasonCodes(id)).toEqual(['above_limit']);
    expect((await h.admin('GET', '/api/admin/withdrawals?state=in_review')).json().withdrawals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id,
          reviewReasons: [
            {
              code: 'above_limit',
              text: 'R$ 501 is more than R$ 500, the review threshold (REVIEW_ABOVE).',
            },
          ],
        }),
      ]),
    );
    const before = await h.balance(p);

    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => h.decide(id, 'refund')),
      ...Array.from({ length: 5 }, () => h.decide(id, 'approve')),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const winner = answers.find((a) => a.statusCode === 200)!.json().withdrawal.state;
    if (winner === 'refunded') {
      expect(await h.balance(p)).toBe(before + 501);
      expect(await h.entries(p, 'withdrawal_refund')).toHaveLength(1);
    } else {
      // The approval won the race: then it is paid, and refunded never.
      expect(winner).toBe('pending');
      expect(await processWithdrawal(t.deps, id)).toMatchObject({ outcome: 'paid' });
      expect(await h.balance(p)).toBe(before);
      expect(await h.entries(p, 'withdrawal_refund')).toHaveLength(0);
    }
    await h.invariant();

    // A plain rejection, start to end, for certain.
    const { id: id2, pass: pass2 } = await h.request(p, 600);
    const balance = await h.balance(p);
    const refund = await h.decide(id2, 'refund');
    expect(refund.json().withdrawal).toMatchObject({
      state: 'refunded',
      lastError: 'Rejected after review by an admin',
    });
    expect(await h.balance(p)).toBe(balance + 600);
    expect((await h.decide(id2, 'refund')).statusCode).toBe(409);
    expect(await h.balance(p)).toBe(balance + 600);
    expect((await h.audit(`withdrawal:${id2}`)).map((a) => a.action)).toEqual(['withdrawal.review_reject']);
    expect(await runPayoutOnce(t.deps)).toBeNull();
    expect(await h.purchasesOf(pass2.id)).toHaveLength(0);
    expect(await h.purchasesOf(pass.id)).toHaveLength(winner === 'refunded' ? 0 : 1);
    const tx = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: bearer(p.token) });
    expect(tx.json().items[0]).toMatchObject({ kind: 'withdrawal_refund', amount: 600 });
    expect(tx.json().items[1]).toMatchObject({ kind: 'withdrawal', state: 'refunded', amount: 600 });
    await h.invariant();
  });

  it("acceptance: a 3-day-old Roblox account's withdrawal lands in review with its age shown", async () => {
    const p = await h.player({ ageDays: 3 });
    await h.give(p, 100);
    const { id } = await h.request(p, 20);
    const queue = (await h.admin('GET', '/api/admin/withdrawals?state=in_review')).json();
    const created = new Date(t.clock.now().getTime() - 3 * DAY).toISOString().slice(0, 10);
    expect(queue.withdrawals.find((w: { id: number }) => w.id === id).reviewReasons).toEqual([
      { code: 'first_withdrawal', text: 'First withdrawal of this account (none paid yet).' },
      {
        code: 'young_account',
        text: `The Roblox account was created 3 days ago (${created}); the minimum is 14 days (MIN_ACCOUNT_AGE_DAYS).`,
      },
    ]);
    expect((await h.decide(id, 'approve')).statusCode).toBe(200);
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'paid' });

    // Paid once, still young: the next one is reviewed for its age alone.
    const next = await h.request(p, 10);
    expect(await reasonCodes(next.id)).toEqual(['young_account']);
    // At 14 days the account is old enough.
    t.clock.advance(11 * DAY);
    const later = await h.request(p, 10);
    expect(later.body.withdrawal.state).toBe('pending');
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id: later.id, outcome: 'paid' });
    t.clock.advance(-11 * DAY);
    await h.invariant();
  });

  it('an account sharing a device with a banned one lands in review with that reason', async () => {
    const p = await h.player();
    const other = await h.player();
    // Both sign in again from one browser: the same device cookie.
    const first = await signInPlayer(t, p.name);
    const device = /device_id=([^;]+)/.exec(first.setCookies.join('\n'))?.[1];
    expect(device, first.setCookies.join('\n')).toBeTruthy();
    await signInPlayer(t, other.name, { headers: { cookie: `device_id=${device}` } });
    // A paid withdrawal first, so only the link can send the next one to review.
    await h.give(p, 100);
    const paidFirst = await h.request(p, 10);
    expect((await h.decide(paidFirst.id, 'approve')).statusCode).toBe(200);
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id: paidFirst.id, outcome: 'paid' });
    expect((await h.request(p, 10)).body.withdrawal.state).toBe('pending');
    expect(await runPayoutOnce(t.deps)).toMatchObject({ outcome: 'paid' });

    expect((await h.ban(other)).statusCode).toBe(200);
    const linked = await h.request(p, 10);
    expect(await reasonCodes(linked.id)).toEqual(['linked_to_banned']);
    await h.invariant();
  });

  it('a session opened by typed name from a banned player’s browser asks in review, and links nobody', async () => {
    const p = await playerPastFirstWithdrawal();
    // Its owner turned protection off: anyone may open the account by typing its name.
    await t.deps.db.updateTable('users').set({ protected: 0 }).where('id', '=', p.userId).execute();
    const evader = await h.player();
    const seen = await signInPlayer(t, evader.name);
    const device = /device_id=([^;]+)/.exec(seen.setCookies.join('\n'))?.[1];
    expect(device).toBeTruthy();
    expect((await h.ban(evader)).statusCode).toBe(200);

    // From the banned player's browser, the account's name typed: its session asks for R$10.
    const typed = await signInPlayer(t, p.name, { headers: { cookie: `device_id=${device}` } });
    const asked = await h.request({ ...p, token: typed.token }, 10);
    expect(await reasonCodes(asked.id)).toEqual(['linked_to_banned']);
    // The account itself is linked to nobody, and its owner's own session is not held back.
    expect(await isLinkedToBannedAccount(t.deps.db, p.userId)).toBe(false);
    const own = await h.request(p, 10);
    expect(own.body.withdrawal.state).toBe('pending');
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id: own.id, outcome: 'paid' });
    expect((await h.decide(asked.id, 'refund')).statusCode).toBe(200);
    await h.invariant();
  });

  it('splitting a large withdrawal under REVIEW_ABOVE does not skip review: more than R$500 in 24 h is reviewed', async () => {
    const p = await playerPastFirstWithdrawal();
    const a = await h.request(p, 300);
    expect(a.body.withdrawal.state).toBe('pending');
    const b = await h.request(p, 300);
    expect(await reasonCodes(b.id)).toEqual(['above_limit']);
    expect((await h.row(b.id)).review_reasons).toContain('R$ 600 in 24 hours with this one');
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id: a.id, outcome: 'paid' });
    await h.invariant();
  });

  it('a player cannot skip review: no self-approval, the worker leaves it alone, a repeated submit stays in review', async () => {
    const p = await h.player();
    await h.give(p, 100);
    const pass = await h.pass(p, 20);
    const key = randomUUID();
    const submit = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/withdraw',
        headers: { ...bearer(p.token), 'idempotency-key': key },
        payload: { gamepassId: pass.id, amount: 20 },
      });
    const first = await submit();
    const again = await submit();
    expect(again.json()).toEqual(first.json());
    expect(again.json().withdrawal.state).toBe('in_review');
    const id = first.json().withdrawal.id as number;
    for (const headers of [{}, bearer(p.token)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${id}/decide`,
        headers,
        payload: { decision: 'approve' },
      });
      expect(res.statusCode).toBe(401);
    }
    // Decisions apply only to review and held; the ordinary actions do not apply to review.
    expect((await h.admin('POST', `/api/admin/withdrawals/${id}/paid`)).statusCode).toBe(409);
    expect(
      (await h.admin('POST', `/api/admin/withdrawals/${id}/resolve`, { outcome: 'paid' })).statusCode,
    ).toBe(409);
    const bad = await h.admin('POST', `/api/admin/withdrawals/${id}/decide`, { decision: 'pay' });
    expect(bad.statusCode).toBe(400);
    t.clock.advance(DAY);
    expect(await runPayoutOnce(t.deps)).toBeNull();
    t.clock.advance(-DAY);
    expect((await h.row(id)).state).toBe('in_review');
    expect(await h.purchaseRequests(pass.productId)).toBe(0);
    await h.invariant();
  });

  it('Roblox down while reading the account age: 503, nothing debited', async () => {
    const p = await h.player();
    await h.give(p, 50);
    const pass = await h.pass(p, 10);
    await t.control('POST', '/mode', { mode: 'error500', paths: [`/v1/users/${p.robloxId}`] });
    try {
      const res = await h.withdraw(p, { gamepassId: pass.id, amount: 10 });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'ROBLOX_UNAVAILABLE' });
    } finally {
      await t.control('POST', '/mode', { mode: 'up' });
    }
    expect(await h.balance(p)).toBe(50);
    expect(await h.entries(p, 'withdrawal')).toHaveLength(0);
    await h.invariant();
  });

  it('with every rule off, nothing is reviewed', async () => {
    const u = await createTestApp({
      env: { REVIEW_FIRST_WITHDRAWAL: 'false', REVIEW_ABOVE: '10000', MIN_ACCOUNT_AGE_DAYS: '0' },
    });
    try {
      const hu = harness(() => u);
      const p = await hu.player({ ageDays: 1 });
      await hu.give(p, 2000);
      expect((await hu.request(p, 1500)).body.withdrawal.state).toBe('pending');
      const stats = await u.control('GET', '/stats');
      expect(stats[`/v1/users/${p.robloxId}`]).toBe(1); // the bio check's read only
      await hu.invariant();
    } finally {
      await u.close();
    }
  });
});

describe(`review in manual payout mode on ${testEngine}`, () => {
  const h = harness(() => t);

  openTestApp({ env: { REVIEW_FIRST_WITHDRAWAL: 'true' } });

  it('approval makes it an ordinary pending withdrawal the admin marks paid; the overview counts it as waiting', async () => {
    const p = await h.player();
    await h.give(p, 100);
    const { id } = await h.request(p, 40);
    expect((await h.admin('GET', '/api/admin/overview')).json().totals.withdrawalsWaiting).toBe(1);
    expect((await h.decide(id, 'approve')).statusCode).toBe(200);
    const paid = await h.admin('POST', `/api/admin/withdrawals/${id}/paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await h.admin('POST', `/api/admin/withdrawals/${id}/paid`)).statusCode).toBe(409);
    expect(await h.balance(p)).toBe(60);
    expect((await h.admin('GET', '/api/admin/overview')).json().totals.withdrawalsWaiting).toBe(0);
    await h.invariant();
  });
});
