import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGIONAL_PRICING_STEPS } from '@rewards/contracts';
import { buildApp } from '../src/app.ts';
import type { Deps } from '../src/deps.ts';
import { processWithdrawal, RETRY_MAX_MS, runPayoutOnce } from '../src/modules/withdrawals/payout-worker.ts';
import { robloxConfigFromEnv } from '../src/roblox/config.ts';
import { createRobloxGateway } from '../src/roblox/gateway.ts';
import { adminCookie } from './support/admin.ts';
import { adminConsole } from './support/admin-console.ts';
import { startDiscordHook } from './support/discord-hook.ts';
import {
  BOTH_METHODS_ENV,
  openPayoutGroup,
  payoutHarness,
  PAYOUT_GROUP_ID,
  setGroupMember,
} from './support/groups.ts';
import { auditRows } from './support/records.ts';
import { testEngine } from './support/test-database.ts';
import { openTestApp, t } from './support/suite.ts';

/**
 * The payout account: Roblox stopping it (a challenge, a refused cookie) stops every payout
 * until an admin replaces the cookie and resumes, alerted once; the cookie is stored sealed and never
 * shown or logged; the account's Robux and the group's funds are read at most once a minute and pause
 * payouts when short; regional pricing is refused before a debit and refunded after one.
 */

const MINUTE = 60_000;
const SECRET_KEY = 'payout-secret-key-of-at-least-32-characters';
const hook = await startDiscordHook();
afterAll(() => hook.close());

/** Exactly `n` "payouts stopped" alerts, every message sent so far arrived (nothing more is on its way). */
async function expectAlerts(n: number) {
  await hook.settled();
  expect(hook.posts.filter((p) => p.content.includes('Payouts stopped'))).toHaveLength(n);
}

describe(`payouts stopped by Roblox on ${testEngine}`, () => {
  const h = payoutHarness(() => t);
  /** The admin console's calls. */
  const admin = adminConsole(() => t, '/api/admin/payout-account');
  /** Another server process on the same database: its own gateway, its own worker. */
  let other: Deps;

  openTestApp({ env: { ...BOTH_METHODS_ENV, PAYOUT_SECRET_KEY: SECRET_KEY, DISCORD_WEBHOOK_URL: hook.url } });
  beforeAll(async () => {
    await openPayoutGroup(t.control, 10_000);
    other = { ...t.deps, roblox: createRobloxGateway(robloxConfigFromEnv(t.deps.env)) };
  });

  async function member(robux: number) {
    const p = await h.player(robux);
    await setGroupMember(t.control, p.robloxId, 'Eligible');
    return p;
  }

  /** Stopped: nothing claimed again by this worker or another process's, now or later. */
  async function expectNothingClaimed(id: number) {
    expect(await runPayoutOnce(t.deps)).toBeNull();
    t.clock.advance(RETRY_MAX_MS);
    expect(await runPayoutOnce(t.deps)).toBeNull();
    expect(await runPayoutOnce(other)).toBeNull();
    expect(await processWithdrawal(other, id)).toMatchObject({ outcome: 'not_claimed' });
    expect(await h.row(id)).toMatchObject({ state: 'pending', purchase_attempts: 0 });
  }

  async function resume() {
    const res = await admin('POST', '/resume');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', reason: null });
  }

  it('a challenge on a gamepass purchase stops every payout, alerted once; resumed, it is bought once', async () => {
    const p = await h.player(100);
    const { id, pass } = await h.requestGamepass(p, 10);
    const q = await h.player(100);
    const second = await h.requestGamepass(q, 10);
    await t.control('POST', '/challenge', { on: true });
    try {
      // Both processes' workers at once, each on a withdrawal of its own: the challenge is told once.
      const results = await Promise.all([runPayoutOnce(t.deps), runPayoutOnce(other)]);
      expect(results.filter((r) => r !== null).map((r) => r!.outcome)).toContain('stopped');
      for (const r of results.filter((r) => r !== null)) {
        expect(r!.outcome).toBe('stopped');
        expect((await h.row(r!.id)).last_error).toMatch(/^Payouts stopped: .*challenge/);
      }
      expect(await h.row(second.id)).toMatchObject({ state: 'pending', purchase_attempts: 0 });
      expect(await h.purchasesOf(second.pass.id)).toEqual([]);
      expect(await h.account()).toMatchObject({
        status: 'needs_attention',
        reason: expect.stringMatching(/challenge/),
      });
      await expectNothingClaimed(id);
      expect(await h.purchasesOf(pass.id)).toEqual([]);
      const overview = await admin('GET', '');
      expect(overview.json()).toMatchObject({
        status: 'needs_attention',
        reason: expect.stringMatching(/challenge/),
      });
      await expectAlerts(1);
    } finally {
      await t.control('POST', '/challenge', { on: false });
    }
    await resume();
    expect(await runPayoutOnce(t.deps)).toMatchObject({ outcome: 'paid' });
    expect(await runPayoutOnce(t.deps)).toMatchObject({ outcome: 'paid' });
    expect(await runPayoutOnce(t.deps)).toBeNull();
    expect(await h.purchasesOf(pass.id)).toHaveLength(1);
    expect(await h.purchasesOf(second.pass.id)).toHaveLength(1);
    expect(await h.balance(p)).toBe(90);
    await h.invariant();
  });

  it('a challenge on a group payout: the same, and a new episode is alerted once more', async () => {
    const p = await member(100);
    const id = await h.requestGroup(p, 20);
    await t.control('POST', '/challenge', { on: true });
    try {
      expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'stopped' });
      expect(await h.account()).toMatchObject({ status: 'needs_attention' });
      await expectNothingClaimed(id);
      expect(await h.groupPayoutsTo(p)).toEqual([]);
      await expectAlerts(2);
    } finally {
      await t.control('POST', '/challenge', { on: false });
    }
    await resume();
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'paid' });
    expect(await h.groupPayoutsTo(p)).toEqual([expect.objectContaining({ amount: 20 })]);
    await h.invariant();
  });

  const NEW_COOKIE = 'fresh-payout-cookie-7f3a9c1e5d';
  let waiting: Array<{ id: number; passId?: number; robloxId: number }> = [];

  it('a refused cookie stops every payout; resume is refused until the cookie is replaced', async () => {
    const players = [await h.player(100), await h.player(100), await member(100), await member(100)];
    waiting = [];
    for (const p of players.slice(0, 2)) {
      const { id, pass } = await h.requestGamepass(p, 10);
      waiting.push({ id, passId: pass.id, robloxId: p.robloxId });
    }
    for (const p of players.slice(2)) waiting.push({ id: await h.requestGroup(p, 15), robloxId: p.robloxId });

    await t.control('PATCH', '/payout', { cookie: NEW_COOKIE }); // the environment's cookie is refused now
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id: waiting[0]!.id, outcome: 'stopped' });
    expect(await h.account()).toMatchObject({
      status: 'needs_attention',
      reason: expect.stringMatching(/refused the payout cookie/),
    });
    await expectNothingClaimed(waiting[0]!.id);
    // The console's read (another request, figures a minute old) sees the refusal too: no second alert.
    t.clock.advance(MINUTE);
    expect((await admin('GET', '')).json()).toMatchObject({
      status: 'needs_attention',
      readError: expect.stringMatching(/refused the payout cookie/),
    });
    // A new request is told to try later, before any debit.
    const late = await h.player(50);
    const refused = await h.withdraw(late, { method: 'group', amount: 5 });
    expect(refused.statusCode).toBe(503);
    expect(await h.balance(late)).toBe(50);
    await expectAlerts(3);

    const res = await admin('POST', '/resume');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Roblox does not accept the payout cookie.*Replace the cookie first/);
    expect(await h.account()).toMatchObject({ status: 'needs_attention' });
    expect(await runPayoutOnce(t.deps)).toBeNull();
    for (const w of waiting)
      expect(await h.row(w.id)).toMatchObject({ state: 'pending', purchase_attempts: 0 });
  });

  it('a new cookie is checked with Roblox, stored sealed, never shown, logged or audited', async () => {
    // The console's calls go through an app of the same site that writes its logs here.
    const lines: string[] = [];
    const logged = await buildApp(
      { ...t.deps, env: { ...t.deps.env, LOG_LEVEL: 'trace' } },
      { logger: true, loggerStream: { write: (line: string) => void lines.push(line) } },
    );
    await logged.ready();
    try {
      const cookie = await adminCookie(t);
      const post = (value: string) =>
        logged.inject({
          method: 'POST',
          url: '/api/admin/payout-account/cookie',
          headers: { cookie },
          payload: { cookie: value },
        });
      const wrong = await post('not-the-payout-cookie-0000');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatch(/Roblox does not accept this cookie/);
      expect((await h.account()).cookie_sealed).toBeNull();

      const good = await post(NEW_COOKIE);
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json()).toMatchObject({
        cookie: { source: 'console', canReplace: true },
        status: 'needs_attention',
      });
      expect(good.body).not.toContain(NEW_COOKIE);
      const row = await h.account();
      expect(row.cookie_sealed).toMatch(/^v1\./);
      expect(JSON.stringify(row)).not.toContain(NEW_COOKIE);
      const shown = await logged.inject({
        method: 'GET',
        url: '/api/admin/payout-account',
        headers: { cookie },
      });
      expect(shown.json().cookie).toMatchObject({ source: 'console' });
      expect(shown.body).not.toContain(NEW_COOKIE);

      const audit = await auditRows(t.deps.db, { action: 'payout_account.cookie' });
      expect(audit).toHaveLength(1);
      expect(JSON.stringify(audit)).not.toContain(NEW_COOKIE);
      expect(lines.length).toBeGreaterThan(0);
      const log = lines.join('\n');
      expect(log).toContain('/api/admin/payout-account/cookie');
      expect(log).not.toContain(NEW_COOKIE);
      expect(log).not.toContain('not-the-payout-cookie-0000');
    } finally {
      await logged.close();
    }
  });

  it('after the replacement and resume every waiting withdrawal is paid exactly once', async () => {
    await resume();
    const outcomes: string[] = [];
    for (let r = await runPayoutOnce(t.deps); r; r = await runPayoutOnce(t.deps)) outcomes.push(r.outcome);
    expect(outcomes).toEqual(['paid', 'paid', 'paid', 'paid']);
    for (const w of waiting) {
      expect(await h.row(w.id)).toMatchObject({ state: 'paid', purchase_attempts: 1 });
      if (w.passId) expect(await h.purchasesOf(w.passId)).toHaveLength(1);
      else expect(await h.groupPayoutsTo({ robloxId: w.robloxId } as never)).toHaveLength(1);
    }
    await expectAlerts(3);
    expect(hook.posts.filter((p) => p.content.includes('Payouts resumed'))).toHaveLength(3);
    await h.invariant();
  });
});

describe(`the payout account's Robux, funds and regional pricing on ${testEngine}`, () => {
  const h = payoutHarness(() => t);
  /** The admin console's calls. */
  const admin = adminConsole(() => t, '/api/admin/payout-account');
  const stat = async (path: string) =>
    ((await t.control('GET', '/stats')) as Record<string, number>)[path] ?? 0;

  openTestApp({ env: BOTH_METHODS_ENV });
  beforeAll(async () => {
    await openPayoutGroup(t.control, 500);
  });

  it('shows the Robux and the group funds, read from Roblox at most once a minute', async () => {
    await t.control('PATCH', '/payout', { robux: 2_000 });
    const first = await admin('GET', '');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      mode: 'roblox',
      methods: ['gamepass', 'group'],
      status: 'ok',
      cookie: { source: 'environment', canReplace: false },
      account: { userId: 1, robux: 2_000, readAt: t.clock.now().toISOString() },
      group: { id: PAYOUT_GROUP_ID, funds: 500 },
      warnings: [],
    });
    const reads = [await stat('/v1/users/1/currency'), await stat(`/v1/groups/${PAYOUT_GROUP_ID}/currency`)];
    expect(reads).toEqual([1, 1]);

    await t.control('PATCH', '/payout', { robux: 1_500 });
    t.clock.advance(MINUTE - 1_000);
    expect((await admin('GET', '')).json().account.robux).toBe(2_000); // the figure of a minute ago
    expect([
      await stat('/v1/users/1/currency'),
      await stat(`/v1/groups/${PAYOUT_GROUP_ID}/currency`),
    ]).toEqual(reads);
    t.clock.advance(1_000);
    expect((await admin('GET', '')).json().account.robux).toBe(1_500);
    expect(await stat('/v1/users/1/currency')).toBe(2);
  });

  it('warns when the queue costs more than the Robux; payouts pause, then resume by themselves after a top-up', async () => {
    await t.control('PATCH', '/payout', { robux: 5 });
    t.clock.advance(MINUTE);
    const p = await h.player(100);
    const { id, pass } = await h.requestGamepass(p, 10);
    const overview = (await admin('GET', '')).json();
    expect(overview.queue).toMatchObject({ count: 1, gamepassCost: 15 });
    expect(overview.warnings).toEqual([expect.stringMatching(/payout account has R\$ 5.*cost R\$ 15/)]);

    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'waiting_for_funds' });
    expect((await admin('GET', '')).json().fundsPause).toMatch(
      /payout account has R\$ 5, too little for withdrawal/,
    );
    expect(await h.row(id)).toMatchObject({ state: 'pending', purchase_attempts: 0 });
    expect(await h.purchasesOf(pass.id)).toEqual([]);
    expect(await h.balance(p)).toBe(90);

    await t.control('PATCH', '/payout', { robux: 1_000 });
    t.clock.advance(MINUTE);
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'paid' });
    expect(await h.purchasesOf(pass.id)).toHaveLength(1);
    const after = (await admin('GET', '')).json();
    expect(after).toMatchObject({ fundsPause: null, warnings: [], queue: { count: 0 } });
    await h.invariant();
  });

  it('regional pricing: refused at the request before any debit; switched on later, refunded, nothing bought', async () => {
    const p = await h.player(100);
    const cheap = await h.pass(p, 10, { regionalPrice: 12 });
    const res = await h.withdraw(p, { method: 'gamepass', gamepassId: cheap.id, amount: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'REGIONAL_PRICING' });
    expect(res.json().error).toContain('for 12 Robux instead of 15');
    expect(res.json().error).toContain(REGIONAL_PRICING_STEPS);
    expect(await h.balance(p)).toBe(100);
    expect(await h.rowsOf(p)).toEqual([]);

    const { id, pass } = await h.requestGamepass(p, 10);
    await t.control('PATCH', `/gamepasses/${pass.id}`, { regionalPrice: 12 });
    expect(await runPayoutOnce(t.deps)).toMatchObject({ id, outcome: 'refunded' });
    const row = await h.row(id);
    expect(row.state).toBe('refunded');
    expect(row.last_error).toContain(REGIONAL_PRICING_STEPS);
    expect(await h.purchasesOf(pass.id)).toEqual([]);
    expect(await h.balance(p)).toBe(100);
    await h.invariant();
  });
});

describe(`a payout cookie without PAYOUT_SECRET_KEY on ${testEngine}`, () => {
  /** The admin console's calls. */
  const admin = adminConsole(() => t, '/api/admin/payout-account');

  openTestApp({ env: BOTH_METHODS_ENV });

  it('cannot be stored from the console (409)', async () => {
    await openPayoutGroup(t.control, 0);
    const res = await admin('POST', '/cookie', { cookie: 'some-payout-cookie-123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Set PAYOUT_SECRET_KEY/);
    expect((await admin('GET', '')).json().cookie).toEqual({
      source: 'environment',
      updatedAt: null,
      canReplace: false,
    });
    const row = await t.deps.db.selectFrom('payout_account').selectAll().executeTakeFirstOrThrow();
    expect(row.cookie_sealed).toBeNull();
    expect(await auditRows(t.deps.db, { action: 'payout_account.cookie' })).toEqual([]);
  });
});
