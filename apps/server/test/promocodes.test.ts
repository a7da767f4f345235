import { beforeAll, describe, expect, it } from 'vitest';
import { createPromoCode, listPromoCodes, setPromoCodeActive } from '../src/modules/rewards/index.ts';
import { bearer } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { adminCookie as signInAdmin } from './support/admin.ts';
import { expectInvariant } from './support/ledger.ts';
import { signInPlayer } from './support/players.ts';
import { consoleCall } from './support/staff.ts';
import { openTestApp, t } from './support/suite.ts';
import { playerCall } from './support/calls.ts';
import { setPlayerStatus } from './support/accounts.ts';
import { auditRows, ledgerEntries } from './support/records.ts';

let adminCookie: string;

/** Redeeming a code, as the web app asks (`playerCall`, with the player's token and the form's body). */
const REDEEM = { method: 'POST', url: '/api/promocode/redeem' } as const;

describe(`promo codes on ${testEngine}`, () => {
  openTestApp();
  beforeAll(async () => {
    adminCookie = await signInAdmin(t);
  });

  it('the admin creates a code (stored upper case) and sees it in the list; each change is audited', async () => {
    const res = await consoleCall(t, adminCookie, 'POST', '/api/admin/promocodes', {
      code: ' welcome ',
      amount: 10,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      code: 'WELCOME',
      amount: 10,
      maxUses: null,
      uses: 0,
      expiresAt: null,
      active: true,
    });

    const dup = await consoleCall(t, adminCookie, 'POST', '/api/admin/promocodes', {
      code: 'Welcome',
      amount: 5,
    });
    expect(dup.statusCode).toBe(409);
    const bad = await consoleCall(t, adminCookie, 'POST', '/api/admin/promocodes', { code: 'OK', amount: 0 });
    expect(bad.statusCode).toBe(400);
    const badName = await consoleCall(t, adminCookie, 'POST', '/api/admin/promocodes', {
      code: 'no spaces inside',
      amount: 1,
    });
    expect(badName.statusCode).toBe(400);

    const list = await consoleCall(t, adminCookie, 'GET', '/api/admin/promocodes');
    expect(list.statusCode).toBe(200);
    expect(list.json().promoCodes.map((c: any) => c.code)).toContain('WELCOME');
    const audit = await auditRows(t.deps.db, { action: 'promocode.create' });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.target).toBe(`promocode:${res.json().id}`);
  });

  it('admin calls refuse without the admin cookie, also with a player token', async () => {
    const alice = await signInPlayer(t, 'AliceRBX');
    for (const [method, url, body] of [
      ['GET', '/api/admin/promocodes', undefined],
      ['POST', '/api/admin/promocodes', { code: 'HACK', amount: 1000 }],
      ['PATCH', '/api/admin/promocodes/1', { active: false }],
    ] as const) {
      const anon = await consoleCall(t, '', method, url, body);
      expect(anon.statusCode).toBe(401);
      const asPlayer = await t.app.inject({ method, url, payload: body, headers: bearer(alice.token) });
      expect(asPlayer.statusCode).toBe(401);
    }
    expect((await listPromoCodes(t.deps)).map((c) => c.code)).not.toContain('HACK');
  });

  it('" welcome " redeems WELCOME; the same account a second time gets one credit only', async () => {
    const alice = await signInPlayer(t, 'AliceRBX');
    const first = await playerCall(t, {
      ...REDEEM,
      token: alice.token,
      body: { username: 'AliceRBX', code: ' welcome ' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, amount: 10, robux: 10 });

    const second = await playerCall(t, { ...REDEEM, token: alice.token, body: { code: 'WELCOME' } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      success: false,
      error: 'You have already redeemed this code.',
      reason: 'PROMO_ALREADY_REDEEMED',
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/user/AliceRBX', headers: bearer(alice.token) });
    expect(me.json().robux).toBe(10);
    expect((await listPromoCodes(t.deps)).find((c) => c.code === 'WELCOME')?.uses).toBe(1);
    await expectInvariant(t.deps.db);
  });

  it('the same account redeeming 20 times at once is credited once', async () => {
    const code = await createPromoCode(t.deps, { code: 'BURST', amount: 2.5 });
    const bob = await signInPlayer(t, 'BobBuilder');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        playerCall(t, { ...REDEEM, token: bob.token, body: { code: 'burst' } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ success: false, error: 'You have already redeemed this code.' });
    }
    expect(await ledgerEntries(t.deps.db, { kind: 'promo', keyLike: `promo:${code.id}:%` })).toHaveLength(1);
    expect((await listPromoCodes(t.deps)).find((c) => c.id === code.id)?.uses).toBe(1);
    await expectInvariant(t.deps.db);
  });

  it('a code limited to 10 uses, redeemed by 50 accounts at once, credits exactly 10', async () => {
    const code = await createPromoCode(t.deps, { code: 'TEN', amount: 5, maxUses: 10 });
    const players = [];
    for (let i = 0; i < 50; i++) players.push(await signInPlayer(t, `Promo${String(i).padStart(2, '0')}`));
    const results = await Promise.all(
      players.map((p) => playerCall(t, { ...REDEEM, token: p.token, body: { code: 'ten' } })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    for (const r of ok) expect(r.json()).toEqual({ success: true, amount: 5, robux: 5 });
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({
        success: false,
        error: 'This promo code has reached its usage limit.',
        reason: 'PROMO_USED_UP',
      });
    }
    expect(await ledgerEntries(t.deps.db, { kind: 'promo', keyLike: `promo:${code.id}:%` })).toHaveLength(10);
    const redemptions = await t.deps.db
      .selectFrom('promo_redemptions')
      .selectAll()
      .where('code_id', '=', code.id)
      .execute();
    expect(redemptions).toHaveLength(10);
    expect((await listPromoCodes(t.deps)).find((c) => c.id === code.id)?.uses).toBe(10);
    await expectInvariant(t.deps.db);
  });

  it('an expired code is refused', async () => {
    const now = t.clock.now().getTime();
    await createPromoCode(t.deps, {
      code: 'SOON',
      amount: 3,
      expiresAt: new Date(now + 60_000).toISOString(),
    });
    const carol = await signInPlayer(t, 'CarolPlays');
    t.clock.advance(61_000);
    const res = await playerCall(t, { ...REDEEM, token: carol.token, body: { code: 'soon' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'This promo code has expired.',
      reason: 'PROMO_EXPIRED',
    });
    expect(await ledgerEntries(t.deps.db, { kind: 'promo' })).not.toContainEqual(
      expect.objectContaining({ description: 'Promo code SOON' }),
    );
  });

  it('an inactive code is refused as invalid; switching it back on makes it work', async () => {
    const code = await createPromoCode(t.deps, { code: 'PAUSED', amount: 4 });
    const res = await consoleCall(t, adminCookie, 'PATCH', `/api/admin/promocodes/${code.id}`, {
      active: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: code.id, active: false });
    const audit = await auditRows(t.deps.db, { action: 'promocode.deactivate' });
    expect(audit).toHaveLength(1);

    const carol = await signInPlayer(t, 'CarolPlays');
    const refused = await playerCall(t, { ...REDEEM, token: carol.token, body: { code: 'PAUSED' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, error: 'Invalid promo code.' });

    await setPromoCodeActive(t.deps, code.id, true);
    const ok = await playerCall(t, { ...REDEEM, token: carol.token, body: { code: 'paused' } });
    expect(ok.json()).toMatchObject({ success: true, amount: 4 });
    const missing = await consoleCall(t, adminCookie, 'PATCH', '/api/admin/promocodes/999999', {
      active: false,
    });
    expect(missing.statusCode).toBe(404);
    await expectInvariant(t.deps.db);
  });

  it('unknown and empty codes are refused with readable errors; signed-out callers get 401', async () => {
    const dave = await signInPlayer(t, 'DaveTheBrave');
    const unknown = await playerCall(t, { ...REDEEM, token: dave.token, body: { code: 'NOPE' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      success: false,
      error: 'Invalid promo code.',
      reason: 'PROMO_INVALID',
    });
    const empty = await playerCall(t, { ...REDEEM, token: dave.token, body: { code: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false });
    const anon = await playerCall(t, { ...REDEEM, token: null, body: { code: 'WELCOME' } });
    expect(anon.statusCode).toBe(401);
  });

  it('a banned player cannot redeem', async () => {
    const x = await signInPlayer(t, 'XssTester');
    await setPlayerStatus(t.deps.db, 'XssTester', 'banned');
    const res = await playerCall(t, { ...REDEEM, token: x.token, body: { code: 'WELCOME' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BANNED' });
    expect((await listPromoCodes(t.deps)).find((c) => c.code === 'WELCOME')?.uses).toBe(1);
    await setPlayerStatus(t.deps.db, 'XssTester', 'active');
    await expectInvariant(t.deps.db);
  });
});
