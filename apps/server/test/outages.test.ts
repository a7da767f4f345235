import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAlone } from '../src/modules/ledger/service.ts';
import { processWithdrawal, RETRY_MAX_MS, runPayoutOnce } from '../src/modules/withdrawals/payout-worker.ts';
import { testEngine } from './support/test-database.ts';
import { hashToken } from '../src/modules/auth/index.ts';
import { bearer, createTestApp, type TestApp } from './support/test-app.ts';
import { expectInvariant } from './support/ledger.ts';
import { gamepassFor, withdraw } from './support/gamepasses.ts';

/**
 * Roblox down (connections dropped), slow (answers after 10 s, far beyond ROBLOX_TIMEOUT_MS=1500 of
 * the test app) and rate-limiting (429): every call that needs Roblox answers a clear error, no money
 * moves, and everything works again once Roblox is back. How soon those errors come (within 6 s)
 * `npm run bench` measures (bench/outages.ts).
 */

const UNAVAILABLE = { error: 'Roblox is not responding, please try again', code: 'ROBLOX_UNAVAILABLE' };
const PURCHASE_PATH = '/v1/purchases/products/';

/** A body for the stand-in's `POST /_control/mode`. */
type Fault = { mode: 'down' | 'slow' | 'ratelimit'; delayMs?: number; paths?: string[] };
const FAULTS: Array<[string, Fault]> = [
  ['down', { mode: 'down' }],
  ['slow', { mode: 'slow', delayMs: 10_000 }],
  ['rate-limited (429)', { mode: 'ratelimit' }],
];

interface Player {
  token: string;
  userId: number;
  robloxId: number;
}

describe(`Roblox outages on ${testEngine}`, () => {
  let t: TestApp;
  let nextRobloxId = 7000;

  beforeAll(async () => {
    // Payouts are driven by hand (PAYOUT_INTERVAL_MS=0) so each attempt can be checked.
    t = await createTestApp({ env: { PAYOUT_MODE: 'roblox', PAYOUT_INTERVAL_MS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function outage<T>(fault: Fault, run: () => Promise<T>) {
    await t.control('POST', '/mode', fault);
    try {
      return await run();
    } finally {
      await t.control('POST', '/mode', { mode: 'up' });
    }
  }

  /** Everything money-related, to compare before and after a failed call. */
  async function money() {
    const db = t.deps.db;
    const [users, ledger, withdrawals, sessions] = await Promise.all([
      db
        .selectFrom('users')
        .select(['id', 'balance', 'earnings', 'verified', 'status'])
        .orderBy('id')
        .execute(),
      db
        .selectFrom('ledger_entries')
        .select(['id', 'user_id', 'amount', 'idempotency_key'])
        .orderBy('id')
        .execute(),
      db.selectFrom('withdrawals').select(['id', 'state', 'amount', 'gamepass_id']).orderBy('id').execute(),
      db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { users, ledger, withdrawals, sessions: Number(sessions.n) };
  }

  async function newRobloxUser(prefix: string) {
    const id = nextRobloxId++;
    const name = `${prefix}${id}`;
    await t.control('POST', '/users', { id, name, displayName: name });
    return { id, name };
  }

  async function signIn(prefix: string): Promise<Player> {
    const { id, name } = await newRobloxUser(prefix);
    const { token, status } = await t.login(name);
    expect(status).toBe(200);
    const row = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('roblox_id', '=', id)
      .executeTakeFirstOrThrow();
    return { token, userId: row.id, robloxId: id };
  }

  /** The sentence this session shows (each session has its own), put in the stand-in's bio. */
  async function putSentenceInBio(p: Player) {
    const row = await t.deps.db
      .selectFrom('sessions')
      .select('verification_code')
      .where('token_hash', '=', hashToken(p.token))
      .executeTakeFirstOrThrow();
    await t.control('PUT', `/users/${p.robloxId}/description`, {
      description: `hi! ${row.verification_code}`,
    });
  }

  async function verifiedWithBalance(prefix: string, robux = 100): Promise<Player> {
    const p = await signIn(prefix);
    await putSentenceInBio(p);
    const res = await t.app.inject({ method: 'POST', url: '/api/verify-bio', headers: bearer(p.token) });
    expect(res.statusCode, res.body).toBe(200);
    await postAlone(t.deps.db, t.clock, {
      userId: p.userId,
      amount: robux * 100,
      kind: 'admin',
      key: `test:${randomUUID()}`,
      params: {},
    });
    return p;
  }

  async function pendingWithdrawal(prefix: string, robux = 10) {
    const p = await verifiedWithBalance(prefix);
    const pass = await gamepassFor(t, p.robloxId, robux);
    const res = await withdraw(t.app, p.token, { gamepassId: pass.id, amount: robux });
    expect(res.statusCode, res.body).toBe(200);
    return { player: p, pass, id: res.json().withdrawal.id as number };
  }

  const row = (id: number) =>
    t.deps.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const purchasesOf = async (passId: number) =>
    ((await t.control('GET', '/purchases')) as Array<{ gamePassId: number }>).filter(
      (x) => x.gamePassId === passId,
    );
  const purchaseRequests = async (productId: number) =>
    ((await t.control('GET', '/stats')) as Record<string, number>)[`${PURCHASE_PATH}${productId}`] ?? 0;

  /** Lets every back-off run out, as the worker's next rounds would after the outage. */
  const afterBackOff = () => t.clock.advance(RETRY_MAX_MS + 1_000);

  async function invariant() {
    await expectInvariant(t.deps.db);
  }

  for (const [label, fault] of FAULTS) {
    describe(`while Roblox is ${label}`, () => {
      it('sign-in answers a clear error, creates nothing, and works once Roblox is back', async () => {
        const { name } = await newRobloxUser('Newcomer');
        const before = await money();
        const res = await outage(fault, () =>
          t.app.inject({ method: 'POST', url: '/api/login', payload: { username: name } }),
        );
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject(UNAVAILABLE);
        expect(await money()).toEqual(before);

        const again = await t.login(name);
        expect(again.status).toBe(200);
        expect(again.body.user.username).toBe(name);
      });

      it('bio verification answers a clear error, changes nothing, and works once Roblox is back', async () => {
        const p = await signIn('Verifier');
        await putSentenceInBio(p);
        const before = await money();
        const res = await outage(fault, () =>
          t.app.inject({ method: 'POST', url: '/api/verify-bio', headers: bearer(p.token) }),
        );
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject(UNAVAILABLE);
        expect(await money()).toEqual(before);

        const again = await t.app.inject({
          method: 'POST',
          url: '/api/verify-bio',
          headers: bearer(p.token),
        });
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json().success).toBe(true);
      });

      it('a withdrawal request answers a clear error, debits nothing, and works once Roblox is back', async () => {
        const p = await verifiedWithBalance('Withdrawer');
        const pass = await gamepassFor(t, p.robloxId, 20);
        const before = await money();
        const res = await outage(fault, () => withdraw(t.app, p.token, { gamepassId: pass.id, amount: 20 }));
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ ...UNAVAILABLE, success: false, message: UNAVAILABLE.error });
        expect(await money()).toEqual(before);

        const again = await withdraw(t.app, p.token, { gamepassId: pass.id, amount: 20 });
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json()).toMatchObject({
          success: true,
          robux: 80,
          withdrawal: { state: 'pending', robux: 20 },
        });
        await invariant();
      });

      it('a payout waits (pending, not refunded, nothing bought) and is paid once Roblox is back', async () => {
        const { player, pass, id } = await pendingWithdrawal('Payee');
        const before = await money();
        const result = await outage(fault, () => processWithdrawal(t.deps, id));
        expect(result.outcome).toBe('retry');
        expect(await money()).toEqual(before);
        const waiting = await row(id);
        expect(waiting.state).toBe('pending');
        expect(waiting.last_error).toMatch(/Roblox did not answer/);
        expect(await purchasesOf(pass.id)).toEqual([]);

        // During the back-off the worker leaves it alone, even with Roblox back.
        expect(await processWithdrawal(t.deps, id)).toMatchObject({ outcome: 'not_claimed' });
        afterBackOff();
        expect(await processWithdrawal(t.deps, id)).toMatchObject({ id, outcome: 'paid' });
        expect((await row(id)).state).toBe('paid');
        expect(await purchasesOf(pass.id)).toHaveLength(1);
        const after = await money();
        expect(after.ledger).toEqual(before.ledger);
        expect(after.users.find((u) => u.id === player.userId)!.balance).toBe(9_000);
        await invariant();
      });
    });
  }

  describe('an outage during the purchase itself', () => {
    beforeAll(async () => {
      // One payout first, so the gateway holds Roblox's CSRF token, as a running worker does.
      const { id } = await pendingWithdrawal('WarmUp');
      expect(await processWithdrawal(t.deps, id)).toMatchObject({ outcome: 'paid' });
    });

    it('a dropped purchase request: the withdrawal waits, then is bought exactly once', async () => {
      const { pass, id } = await pendingWithdrawal('Dropped');
      const before = await money();
      const result = await outage({ mode: 'down', paths: [PURCHASE_PATH] }, () =>
        processWithdrawal(t.deps, id),
      );
      expect(result.outcome).toBe('retry');
      expect(await money()).toEqual(before);
      expect((await row(id)).state).toBe('pending');
      expect(await purchasesOf(pass.id)).toEqual([]);

      afterBackOff();
      expect(await processWithdrawal(t.deps, id)).toMatchObject({ id, outcome: 'paid' });
      expect(await purchasesOf(pass.id)).toHaveLength(1);
      expect((await money()).ledger).toEqual(before.ledger);
    });

    it('a refused purchase (429): nothing was bought, the attempt is not counted, it is paid once later', async () => {
      const { pass, id } = await pendingWithdrawal('Throttled');
      const before = await money();
      const result = await outage({ mode: 'ratelimit', paths: [PURCHASE_PATH] }, () =>
        processWithdrawal(t.deps, id),
      );
      expect(result.outcome).toBe('retry');
      const waiting = await row(id);
      expect(waiting.state).toBe('pending');
      expect(waiting.purchase_attempts).toBe(0);
      expect(await money()).toEqual(before);

      afterBackOff();
      expect(await processWithdrawal(t.deps, id)).toMatchObject({ id, outcome: 'paid' });
      expect(await purchasesOf(pass.id)).toHaveLength(1);
    });

    it('a purchase whose answer comes too late is recognised as bought and never bought again', async () => {
      const { pass, id } = await pendingWithdrawal('LateAnswer');
      const before = await money();
      const result = await outage({ mode: 'slow', delayMs: 10_000, paths: [PURCHASE_PATH] }, () =>
        processWithdrawal(t.deps, id),
      );
      // The purchase went through while the answer was late; the inventory says so.
      expect(result).toMatchObject({ outcome: 'paid' });
      expect(await purchasesOf(pass.id)).toHaveLength(1);
      expect(await purchaseRequests(pass.productId)).toBe(1);
      expect((await money()).ledger).toEqual(before.ledger);
      afterBackOff();
      expect(await processWithdrawal(t.deps, id)).toMatchObject({ outcome: 'not_claimed' });
      expect(await purchasesOf(pass.id)).toHaveLength(1);
    });

    it('a late purchase answer and Roblox then down: waits, then is paid from the inventory without buying again', async () => {
      const { pass, id } = await pendingWithdrawal('Unclear');
      const before = await money();
      await t.control('POST', '/mode', { mode: 'slow', delayMs: 10_000, paths: [PURCHASE_PATH] });
      let result;
      try {
        const running = processWithdrawal(t.deps, id);
        // Once Roblox has made the purchase (its answer still on the way), it goes down entirely.
        await expect.poll(() => purchasesOf(pass.id), { timeout: 5_000, interval: 20 }).toHaveLength(1);
        await t.control('POST', '/mode', { mode: 'down' });
        result = await running;
      } finally {
        await t.control('POST', '/mode', { mode: 'up' });
      }
      expect(result.outcome).toBe('retry');
      const waiting = await row(id);
      expect(waiting.state).toBe('pending');
      expect(waiting.purchase_attempts).toBe(1);
      expect(await money()).toEqual(before);
      expect(await purchasesOf(pass.id)).toHaveLength(1);

      afterBackOff();
      expect(await processWithdrawal(t.deps, id)).toMatchObject({ id, outcome: 'paid' });
      // Paid from the inventory: no second purchase request was sent.
      expect(await purchaseRequests(pass.productId)).toBe(1);
      expect(await purchasesOf(pass.id)).toHaveLength(1);
      expect((await money()).ledger).toEqual(before.ledger);
      await invariant();
    });
  });

  it('after all outages the worker pays every withdrawal left, each gamepass bought once, the ledger whole', async () => {
    afterBackOff();
    let worked = 0;
    for (let r = await runPayoutOnce(t.deps); r; r = await runPayoutOnce(t.deps)) {
      expect(r.outcome).toBe('paid');
      worked++;
    }
    expect(worked).toBe(FAULTS.length); // the withdrawals requested once Roblox was back
    const rows = await t.deps.db.selectFrom('withdrawals').select(['id', 'state', 'gamepass_id']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(FAULTS.length * 2 + 5);
    expect(rows.filter((r) => r.state !== 'paid')).toEqual([]);
    const purchases = (await t.control('GET', '/purchases')) as Array<{ gamePassId: number }>;
    for (const r of rows)
      expect(purchases.filter((x) => x.gamePassId === Number(r.gamepass_id))).toHaveLength(1);
    expect(purchases).toHaveLength(rows.length);
    // No refund was ever written: an outage is never a reason to give the money back.
    const refunds = await t.deps.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('kind', '=', 'withdrawal_refund')
      .execute();
    expect(refunds).toEqual([]);
    await invariant();
  });
});
