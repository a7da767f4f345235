import { beforeAll, describe, expect, it } from 'vitest';
import { releaseDueHolds } from '../src/modules/offers/index.ts';
import { testEngine } from './support/test-database.ts';
import { bearer } from './support/test-app.ts';
import { expectInvariant } from './support/ledger.ts';
import { openTestApp, t } from './support/suite.ts';
import { sendCpxPostback } from './support/postbacks.ts';
import { adminConsole } from './support/admin-console.ts';
import { accountOf, balanceOf } from './support/accounts.ts';
import { proveOwnership } from './support/players.ts';
import { signInFrom } from './support/sign-ins.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Offer and survey credits with the shipped defaults: OFFER_HOLD_HOURS=24 and HOLD_EXEMPT_BELOW=R$5
 * (the test app sets no hold; an empty value here brings the defaults back).
 */
describe(`offer holds with the default settings on ${testEngine}`, () => {
  let token: string;

  const credit = (trans: string, robux: string, status = '1') =>
    sendCpxPostback(t, {
      status,
      trans,
      user: 1001,
      local: robux,
      usd: (Number(robux) / 100).toFixed(4),
    });
  async function money() {
    const res = await t.app.inject({ method: 'GET', url: '/api/offers/pending', headers: bearer(token) });
    const u = await t.deps.db
      .selectFrom('users')
      .select(['balance'])
      .where('roblox_id', '=', 1001)
      .executeTakeFirstOrThrow();
    return { available: Number(u.balance) / 100, pending: res.json().pendingRobux as number };
  }

  openTestApp({ env: { OFFER_HOLD_HOURS: '', HOLD_EXEMPT_BELOW: '' } });
  beforeAll(async () => {
    token = (await t.login('AliceRBX')).token;
    expect(t.deps.env).toMatchObject({ OFFER_HOLD_HOURS: 24, HOLD_EXEMPT_BELOW: 5 });
  });

  it('a R$2 credit is available at once', async () => {
    const res = await credit('hold-small', '2.00');
    expect([res.statusCode, res.body]).toEqual([200, '1']);
    expect(await money()).toEqual({ available: 2, pending: 0 });
  });

  it('a R$20 credit is not withdrawable for 24 h, then becomes available once', async () => {
    const res = await credit('hold-big', '20.00');
    expect([res.statusCode, res.body]).toEqual([200, '1']);
    const stored = await t.deps.db
      .selectFrom('postbacks')
      .select('verdict')
      .where('trans_id', '=', 'hold-big')
      .executeTakeFirstOrThrow();
    expect(stored.verdict).toBe('on_hold');
    expect(await money()).toEqual({ available: 2, pending: 20 });

    t.clock.advance(23 * HOUR + 59 * 60_000);
    expect(await releaseDueHolds(t.deps)).toBe(0);
    expect(await money()).toEqual({ available: 2, pending: 20 });

    t.clock.advance(60_000);
    const released = await Promise.all([releaseDueHolds(t.deps), releaseDueHolds(t.deps)]);
    expect(released[0]! + released[1]!).toBe(1);
    expect(await money()).toEqual({ available: 22, pending: 0 });
    await expectInvariant(t.deps.db);
  });

  it('exactly R$5 is held (the exemption is for credits under it)', async () => {
    await credit('hold-edge', '5.00');
    expect(await money()).toEqual({ available: 22, pending: 5 });
    // Its chargeback during the hold cancels it: it never becomes available.
    await credit('hold-edge', '5.00', '2');
    t.clock.advance(25 * HOUR);
    expect(await releaseDueHolds(t.deps)).toBe(0);
    expect(await money()).toEqual({ available: 22, pending: 0 });
    await expectInvariant(t.deps.db);
  });

  it('a hold of a player banned meanwhile is not paid while the ban lasts, and is paid once it is lifted', async () => {
    await t.login('BobBuilder');
    const held = await sendCpxPostback(t, {
      trans: 'hold-banned',
      user: 1002,
      local: '40.00',
      usd: '0.4000',
    });
    expect([held.statusCode, held.body]).toEqual([200, '1']);
    const bob = await accountOf(t.deps.db, 1002);
    // Signed in at each call: the day the test waits outlasts a console session.
    const ban = (status: 'banned' | 'active') =>
      adminConsole(() => t)('PUT', `/api/toggle-ban/${bob.id}`, { status });
    expect((await ban('banned')).statusCode).toBe(200);

    t.clock.advance(25 * HOUR);
    expect(await releaseDueHolds(t.deps)).toBe(0);
    expect(await releaseDueHolds(t.deps, { userId: bob.id })).toBe(0);
    expect((await accountOf(t.deps.db, 1002)).balance).toBe(bob.balance);

    expect((await ban('active')).statusCode).toBe(200);
    expect(await releaseDueHolds(t.deps)).toBe(1);
    expect((await accountOf(t.deps.db, 1002)).balance).toBe(bob.balance + 4000);
    await expectInvariant(t.deps.db);
  });

  it('a credit held when its account is deleted is given up with it: never paid, no longer owed', async () => {
    const gone = await signInFrom(t, 'HeldHenry', { address: '198.18.9.1', browser: 'Henry browser' });
    await proveOwnership(t, gone);
    const held = await sendCpxPostback(t, {
      trans: 'hold-gone',
      user: gone.robloxId,
      local: '30.00',
      usd: '0.3000',
    });
    expect([held.statusCode, held.body]).toEqual([200, '1']);
    const owed = async () => (await adminConsole(() => t)('GET', '/api/admin/economics')).json().owed.total;
    const owedBefore = await owed();
    const preview = await t.app.inject({
      method: 'GET',
      url: '/api/account/delete',
      headers: bearer(gone.token),
    });
    expect(preview.json()).toEqual({ balance: 0, pending: 30, proofRequired: false });
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(gone.token),
      payload: { confirm: 'DELETE', forfeitRobux: 0 },
    });
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { deleted: true, forfeited: 0 }]);
    expect(await owed()).toBe(owedBefore - 30);

    t.clock.advance(25 * HOUR);
    expect(await releaseDueHolds(t.deps, { userId: gone.id })).toBe(0);
    const row = await t.deps.db
      .selectFrom('offer_transactions')
      .select(['state', 'credit_entry_id'])
      .where('trans_id', '=', 'hold-gone')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'forfeited', credit_entry_id: null });
    expect(await balanceOf(t.deps.db, gone.id)).toBe(0);
    await expectInvariant(t.deps.db);
  });
});
