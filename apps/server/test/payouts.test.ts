import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  markWithdrawalPaid,
  rejectWithdrawal,
  resolveNeedsReview,
} from '../src/modules/withdrawals/admin-service.ts';
import {
  MAX_PURCHASE_ATTEMPTS,
  PAYOUT_LEASE_MS,
  RETRY_MAX_MS,
  processWithdrawal,
  runPayoutOnce,
} from '../src/modules/withdrawals/payout-worker.ts';
import { testEngine } from './support/test-database.ts';
import { bearer, TEST_ADMIN_PASSWORD } from './support/test-app.ts';
import { openTestApp, t } from './support/suite.ts';
import { accountOf } from './support/accounts.ts';
import { payoutHarness, type PayoutPlayer } from './support/groups.ts';
import { playerWith } from './support/sign-ins.ts';
import { auditRows } from './support/records.ts';
import { leasesRunOut } from './support/payout-leases.ts';
import { adminSignIn } from './support/admin.ts';
import { firstSetCookie } from './support/site.ts';
import { ROOT } from './support/commands.ts';

type Player = PayoutPlayer;

describe(`automatic payouts (PAYOUT_MODE=roblox) on ${testEngine}`, () => {
  const h = payoutHarness(() => t);
  let alice: Player;

  // The worker is driven by hand here (PAYOUT_INTERVAL_MS=0), so each step can be checked.
  openTestApp({ env: { PAYOUT_MODE: 'roblox', PAYOUT_INTERVAL_MS: '0' } });
  beforeAll(async () => {
    alice = await playerWith(t, 'AliceRBX', { verified: true, bioPrefix: '' });
    await h.give(alice, 1000);
  });

  it('a pending withdrawal is bought once, at the gamepass price from its creator, and marked paid', async () => {
    const payoutBefore = (await t.control('PATCH', '/payout', {})).robux;
    const { id, pass } = await h.request(alice, 10);
    expect(await h.balance(alice)).toBe(990);

    const result = await runPayoutOnce(t.deps);
    expect(result).toMatchObject({ id, outcome: 'paid' });
    const row = await h.row(id);
    expect(row).toMatchObject({ state: 'paid', purchase_attempts: 1, last_error: null });
    expect(row.paid_at).toBe(t.clock.now().toISOString());

    const purchases = await h.purchasesOf(pass.id);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      gamePassId: pass.id,
      price: 15,
      sellerId: alice.robloxId,
      buyerId: 1,
    });
    expect((await t.control('PATCH', '/payout', {})).robux).toBe(payoutBefore - 15);

    // Nothing left to do; working the same withdrawal again does nothing.
    expect(await runPayoutOnce(t.deps)).toBeNull();
    expect(await processWithdrawal(t.deps, id)).toMatchObject({ outcome: 'not_claimed' });
    expect(await h.purchasesOf(pass.id)).toHaveLength(1);
    expect(await h.balance(alice)).toBe(990);

    const list = await t.app.inject({ method: 'GET', url: '/api/withdrawals', headers: bearer(alice.token) });
    expect(list.json().withdrawals[0]).toMatchObject({ id, state: 'paid' });
    await h.invariant();
  });

  it('two workers at once: one claims, one purchase', async () => {
    const { id, pass } = await h.request(alice, 20);
    const results = await Promise.all([
      runPayoutOnce(t.deps),
      runPayoutOnce(t.deps),
      processWithdrawal(t.deps, id),
    ]);
    expect(results.filter((r) => r?.outcome === 'paid')).toHaveLength(1);
    expect((await h.row(id)).attempts).toBe(1);
    expect(await h.purchasesOf(pass.id)).toHaveLength(1);
    await h.invariant();
  });

  it('price changed before the purchase: refunded through the ledger, nothing bought', async () => {
    const before = await h.balance(alice);
    const earningsBefore = (await accountOf(t.deps.db, alice.robloxId)).earnings;
    const { id, pass } = await h.request(alice, 30);
    expect(await h.balance(alice)).toBe(before - 30);
    await t.control('PATCH', `/gamepasses/${pass.id}`, { price: 100 });

    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'refunded' });
    const row = await h.row(id);
    expect(row.state).toBe('refunded');
    expect(row.last_error).toMatch(/price changed from 43 to 100/);
    expect(await h.purchasesOf(pass.id)).toHaveLength(0);
    expect(await h.balance(alice)).toBe(before);
    expect((await accountOf(t.deps.db, alice.robloxId)).earnings).toBe(earningsBefore);
    const refund = await t.deps.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('idempotency_key', '=', `withdrawal_refund:${id}`)
      .executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ kind: 'withdrawal_refund', user_id: alice.userId });
    expect(Number(refund.amount)).toBe(3000);
    await h.invariant();
  });

  it('not for sale any more: refunded; the payout account short of Robux: waits, never refunded', async () => {
    const before = await h.balance(alice);
    const offSale = await h.request(alice, 5);
    await t.control('PATCH', `/gamepasses/${offSale.pass.id}`, { isForSale: false });
    expect(await processWithdrawal(t.deps, offSale.id)).toMatchObject({ outcome: 'refunded' });
    expect(await h.balance(alice)).toBe(before);

    const poor = await h.request(alice, 6);
    const { robux } = await t.control('PATCH', '/payout', {});
    await t.control('PATCH', '/payout', { robux: 1 });
    t.clock.advance(60_000); // the balance read a minute ago is read again
    expect(await processWithdrawal(t.deps, poor.id)).toMatchObject({ outcome: 'waiting_for_funds' });
    expect(await h.row(poor.id)).toMatchObject({ state: 'pending', purchase_attempts: 0 });
    expect((await h.row(poor.id)).last_error).toMatch(/payout account has R\$ 1/);
    expect(await h.purchasesOf(poor.pass.id)).toHaveLength(0);
    expect(await h.balance(alice)).toBe(before - 6); // still withdrawn: it is paid once there is Robux

    // The figure read says enough, but Roblox says otherwise: it still waits, and counts no attempt.
    await t.control('PATCH', '/payout', { robux: 5 });
    t.clock.advance(60_000);
    await t.deps.db
      .updateTable('payout_account')
      .set({ robux: 1_000, robux_read_at: t.clock.now().toISOString() })
      .execute();
    expect(await processWithdrawal(t.deps, poor.id)).toMatchObject({ outcome: 'waiting_for_funds' });
    expect((await h.row(poor.id)).last_error).toMatch(/InsufficientFunds/);
    expect(await h.row(poor.id)).toMatchObject({ state: 'pending', purchase_attempts: 0 });

    await t.control('PATCH', '/payout', { robux });
    t.clock.advance(60_000);
    expect(await processWithdrawal(t.deps, poor.id)).toMatchObject({ outcome: 'paid' });
    expect(await h.purchasesOf(poor.pass.id)).toHaveLength(1);
    await h.invariant();
  });

  it('an admin cannot reject a withdrawal whose purchase attempt had an unclear outcome', async () => {
    const { id } = await h.request(alice, 6);
    await t.control('POST', '/mode', { mode: 'error500', paths: ['/v1/purchases'] });
    try {
      expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'retry' });
    } finally {
      await t.control('POST', '/mode', { mode: 'up' });
    }
    const before = await h.balance(alice);
    await expect(rejectWithdrawal(t.deps, id, 'changed my mind')).rejects.toMatchObject({ status: 409 });
    expect((await h.row(id)).state).toBe('pending');
    expect(await h.balance(alice)).toBe(before);
    // The worker settles it: the stand-in is up again, so the retry buys it once.
    t.clock.advance(RETRY_MAX_MS);
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'paid' });
    await h.invariant();
  });

  it('Roblox failing with 5xx on purchases: retried with back-off, then needs_review; never two purchases', async () => {
    const { id, pass } = await h.request(alice, 8);
    await t.control('POST', '/mode', { mode: 'error500', paths: ['/v1/purchases'] });
    try {
      for (let attempt = 1; attempt <= MAX_PURCHASE_ATTEMPTS; attempt++) {
        const result = await runPayoutOnce(t.deps);
        expect(result).toMatchObject({
          id,
          outcome: attempt < MAX_PURCHASE_ATTEMPTS ? 'retry' : 'needs_review',
        });
        const row = await h.row(id);
        expect(row.purchase_attempts).toBe(attempt);
        if (attempt < MAX_PURCHASE_ATTEMPTS) {
          expect(row.state).toBe('pending');
          // Backing off: not due yet.
          expect(await runPayoutOnce(t.deps)).toBeNull();
          t.clock.advance(RETRY_MAX_MS);
        }
      }
    } finally {
      await t.control('POST', '/mode', { mode: 'up' });
    }
    const row = await h.row(id);
    expect(row.state).toBe('needs_review');
    expect(row.last_error).toMatch(/no clear answer/);
    expect(await h.purchaseRequests(pass.productId)).toBe(MAX_PURCHASE_ATTEMPTS);
    expect(await h.purchasesOf(pass.id)).toHaveLength(0);
    // needs_review is left alone by the worker, and the money stays withdrawn until an admin decides.
    t.clock.advance(RETRY_MAX_MS);
    expect(await runPayoutOnce(t.deps)).toBeNull();
    const before = await h.balance(alice);
    await resolveNeedsReview(t.deps, id, 'refunded', 'Not in the payout inventory');
    expect((await h.row(id)).state).toBe('refunded');
    expect(await h.balance(alice)).toBe(before + 8);
    await h.invariant();
  });

  it('a purchase that times out but went through: the inventory says owned, so it is paid, once', async () => {
    // Make sure the gateway holds a CSRF token, so the slow request below is the purchase itself.
    const warm = await t.control('POST', '/gamepasses', { creatorId: 1004, price: 1, isForSale: true });
    await t.deps.roblox.purchaseGamePass({ ...warm, creatorId: 1004 });

    const { id, pass } = await h.request(alice, 9);
    await t.control('POST', '/mode', { mode: 'slow', delayMs: 3000, paths: ['/v1/purchases'] });
    try {
      expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'paid' });
    } finally {
      await t.control('POST', '/mode', { mode: 'up' });
    }
    expect(await h.purchasesOf(pass.id)).toHaveLength(1);
    expect((await h.row(id)).purchase_attempts).toBe(1);
    await h.invariant();
  });

  it('Roblox down before buying: nothing bought, retried later without counting a purchase, then paid', async () => {
    const { id, pass } = await h.request(alice, 11);
    await t.control('POST', '/mode', { mode: 'down' });
    try {
      expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'retry' });
    } finally {
      await t.control('POST', '/mode', { mode: 'up' });
    }
    expect(await h.row(id)).toMatchObject({ state: 'pending', purchase_attempts: 0 });
    t.clock.advance(RETRY_MAX_MS);
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'paid' });
    expect(await h.purchasesOf(pass.id)).toHaveLength(1);
    await h.invariant();
  });

  it('a gamepass the payout account already owns is refused at request time', async () => {
    const pass = await t.control('POST', '/gamepasses', {
      creatorId: alice.robloxId,
      price: 15,
      isForSale: true,
    });
    await t.deps.roblox.purchaseGamePass(pass);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/withdraw',
      headers: bearer(alice.token),
      payload: { gamepassId: pass.id, amount: 10 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already used/);
    await h.invariant();
  });

  it('the process is killed during purchasing: after the lease a restart sees the purchase and marks paid, no second purchase', async () => {
    const { id, pass } = await h.request(alice, 12);
    // The stand-in completes the purchase at once but holds its answer: the worker is killed waiting.
    await t.control('POST', '/mode', { mode: 'slow', delayMs: 4000, paths: ['/v1/purchases'] });
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/modules/withdrawals/payout-cli.ts', '--once'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: t.deps.env.DATABASE_URL,
          ROBLOX_USERS_API: t.standinUrl,
          ROBLOX_THUMBNAILS_API: t.standinUrl,
          ROBLOX_GAMEPASS_API: t.standinUrl,
          ROBLOX_ECONOMY_API: t.standinUrl,
          ROBLOX_INVENTORY_API: t.standinUrl,
          ROBLOX_TIMEOUT_MS: '30000',
          ROBLOX_PAYOUT_COOKIE: 'test-payout-cookie',
          PAYOUT_MODE: 'roblox',
        },
        stdio: 'ignore',
      },
    );
    const exited = new Promise((ok) => child.once('exit', ok));
    try {
      const deadline = Date.now() + 25_000;
      while ((await h.purchasesOf(pass.id)).length === 0) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error('the worker never bought the pass');
        await new Promise((r) => setTimeout(r, 20));
      }
      child.kill('SIGKILL');
      await exited;
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await t.control('POST', '/mode', { mode: 'up' });
    }
    const stuck = await h.row(id);
    expect(stuck).toMatchObject({ state: 'purchasing', purchase_attempts: 1 });
    expect(stuck.claimed_by).toBeTruthy();

    // The dead worker's lease still holds (on the database's clock, whatever this process's says).
    t.clock.advance(PAYOUT_LEASE_MS + 1000);
    expect(await runPayoutOnce(t.deps)).toBeNull();
    // Once it has run out, the next worker takes over, asks the inventory, and marks it paid.
    await leasesRunOut(t.deps.db, [id]);
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'paid' });
    expect(await h.row(id)).toMatchObject({ state: 'paid', attempts: 2, purchase_attempts: 1 });
    expect(await h.purchasesOf(pass.id)).toHaveLength(1);
    await h.invariant();
  }, 40_000);
});

describe(`the in-process payout worker on ${testEngine}`, () => {
  const h = payoutHarness(() => t);

  openTestApp({ env: { PAYOUT_MODE: 'roblox', PAYOUT_INTERVAL_MS: '100' } });

  it('pays a pending withdrawal by itself', async () => {
    const bob = await playerWith(t, 'BobBuilder', { verified: true, bioPrefix: '' });
    await h.give(bob, 50);
    const { id, pass } = await h.request(bob, 25);
    await expect.poll(async () => (await h.row(id)).state, { timeout: 10_000, interval: 100 }).toBe('paid');
    expect(await h.purchasesOf(pass.id)).toHaveLength(1);
    expect(await h.balance(bob)).toBe(25);
    await h.invariant();
  });
});

describe(`manual payouts (PAYOUT_MODE=manual) on ${testEngine}`, () => {
  const h = payoutHarness(() => t);
  let carol: Player;
  let cookie: string;

  openTestApp();
  beforeAll(async () => {
    carol = await playerWith(t, 'CarolPlays', { verified: true, bioPrefix: '' });
    await h.give(carol, 200);
    const signedIn = await adminSignIn(t.app, TEST_ADMIN_PASSWORD, '10.9.0.1');
    expect(signedIn.statusCode).toBe(200);
    cookie = firstSetCookie(signedIn);
  });

  const admin = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = { cookie },
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('nothing is bought automatically; the admin queue lists it with the player and the gamepass link', async () => {
    const { id, pass } = await h.request(carol, 10);
    // No worker runs in manual mode, and the worker's functions refuse to buy.
    expect(await runPayoutOnce(t.deps)).toBeNull();
    expect(await processWithdrawal(t.deps, id)).toMatchObject({ outcome: 'not_claimed' });
    expect((await h.row(id)).state).toBe('pending');
    expect(await h.purchasesOf(pass.id)).toHaveLength(0);

    const list = await admin('GET', '/api/admin/withdrawals?state=pending');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, page: 1 });
    expect(list.json().withdrawals[0]).toMatchObject({
      id,
      username: 'CarolPlays',
      robloxId: 1003,
      gamepassId: pass.id,
      gamepassUrl: `https://www.roblox.com/game-pass/${pass.id}`,
      robux: 10,
      price: 15,
      state: 'pending',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    for (const headers of [{}, bearer(carol.token)]) {
      expect((await admin('GET', '/api/admin/withdrawals', undefined, headers)).statusCode).toBe(401);
      expect((await admin('POST', `/api/admin/withdrawals/${id}/paid`, undefined, headers)).statusCode).toBe(
        401,
      );
    }
    expect((await h.row(id)).state).toBe('pending');
  });

  it('reject refunds through the ledger, once, with an audit row', async () => {
    const before = await h.balance(carol);
    const { id } = await h.request(carol, 20);
    expect(await h.balance(carol)).toBe(before - 20);

    const res = await admin('POST', `/api/admin/withdrawals/${id}/reject`, { reason: 'Suspicious account' });
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawal).toMatchObject({ id, state: 'refunded', lastError: 'Suspicious account' });
    expect(await h.balance(carol)).toBe(before);

    const again = await admin('POST', `/api/admin/withdrawals/${id}/reject`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect((await admin('POST', `/api/admin/withdrawals/${id}/paid`)).statusCode).toBe(409);
    expect(await h.balance(carol)).toBe(before);

    const audit = await auditRows(t.deps.db, { target: `withdrawal:${id}` });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'owner (bootstrap)', action: 'withdrawal.reject' });
    expect((await admin('POST', `/api/admin/withdrawals/${id}/reject`, { reason: '' })).statusCode).toBe(400);
    await h.invariant();
  });

  it('mark paid: paid, audited, the balance stays withdrawn', async () => {
    const before = await h.balance(carol);
    const { id } = await h.request(carol, 15);
    const res = await admin('POST', `/api/admin/withdrawals/${id}/paid`);
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawal).toMatchObject({ id, state: 'paid', paidAt: expect.any(String) });
    expect(await h.balance(carol)).toBe(before - 15);
    const audit = await auditRows(t.deps.db, { target: `withdrawal:${id}` });
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.paid']);
    const list = await t.app.inject({ method: 'GET', url: '/api/withdrawals', headers: bearer(carol.token) });
    expect(list.json().withdrawals.find((w: { id: number }) => w.id === id)).toMatchObject({ state: 'paid' });
    await h.invariant();
  });

  it('two admins at once (reject and paid, twice each): exactly one change applies', async () => {
    const outcome = (change: Promise<unknown>, applied: string) =>
      change.then(
        () => applied,
        () => 'refused',
      );
    const before = await h.balance(carol);
    const { id } = await h.request(carol, 5);
    const results = await Promise.all([
      outcome(rejectWithdrawal(t.deps, id, 'no'), 'rejected'),
      outcome(markWithdrawalPaid(t.deps, id), 'paid'),
      outcome(rejectWithdrawal(t.deps, id, 'no'), 'rejected'),
      outcome(markWithdrawalPaid(t.deps, id), 'paid'),
    ]);
    expect(results.filter((r) => r !== 'refused')).toHaveLength(1);
    const state = (await h.row(id)).state;
    expect(await h.balance(carol)).toBe(state === 'refunded' ? before : before - 5);
    const audit = await auditRows(t.deps.db, { target: `withdrawal:${id}` });
    expect(audit).toHaveLength(1);
    await h.invariant();
  });

  it('resolve only applies to needs_review; an unknown id is 404', async () => {
    const { id } = await h.request(carol, 5);
    const res = await admin('POST', `/api/admin/withdrawals/${id}/resolve`, { outcome: 'paid' });
    expect(res.statusCode).toBe(409);
    expect((await admin('POST', '/api/admin/withdrawals/999999/paid')).statusCode).toBe(404);
    await t.deps.db.updateTable('withdrawals').set({ state: 'needs_review' }).where('id', '=', id).execute();
    const ok = await admin('POST', `/api/admin/withdrawals/${id}/resolve`, {
      outcome: 'paid',
      note: 'Found in the inventory',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().withdrawal.state).toBe('paid');
    const all = await admin('GET', '/api/admin/withdrawals?state=all&pageSize=2');
    expect(all.json()).toMatchObject({ pageSize: 2, total: 5 });
    expect(all.json().withdrawals).toHaveLength(2);
    await h.invariant();
  });
});
