import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest, migrationProvider } from '../src/db/migrate.ts';
import { negativeBalancesKept } from '../src/modules/ledger/index.ts';
import { runPayoutOnce } from '../src/modules/withdrawals/payout-worker.ts';
import { insertRawUser, userIdOf } from './support/accounts.ts';
import { adminCookie } from './support/admin.ts';
import { startDiscordHook } from './support/discord-hook.ts';
import { BOTH_METHODS_ENV, openPayoutGroup, payoutHarness, setGroupMember } from './support/groups.ts';
import { expectInvariant } from './support/ledger.ts';
import { grantRobux, signInPlayer, verifyPlayer, type SignedInPlayer } from './support/players.ts';
import { expectHmacPostbackOk } from './support/postbacks.ts';
import { consoleRead, signedInStaff } from './support/staff.ts';
import { openTestApp, t } from './support/suite.ts';
import { bearer } from './support/test-app.ts';
import { atMinute, insertWithdrawalRow } from './support/records.ts';
import { createEmptyDatabase, testEngine } from './support/test-database.ts';
import { addWalls } from './support/walls.ts';

/*
 * The console's Economics section against a scripted month: signed postbacks at known USD payouts on
 * three walls (R$100, R$80 and R$120 per USD), reversals, daily claims, promo codes, an admin grant,
 * referral commission, and gamepass and group payouts, with one Robux costing USD 0.004. Every figure
 * is compared with the table worked out by hand beside it.
 */

const SECRET = 'economics-wall-secret';
const WALLS = [
  { slug: 'alpha', name: 'Alpha Offers', rate: 100 },
  { slug: 'beta', name: 'Beta Surveys', rate: 80 },
  { slug: 'gamma', name: 'Gamma Games', rate: 120 },
];

const hook = await startDiscordHook();
afterAll(() => hook.close());

let cookie: string;
/** Sets the time; the console's session is opened again, since sessions expire on this clock. */
async function at(iso: string) {
  t.clock.set(new Date(iso));
  cookie = await adminCookie(t);
}

const credit = (slug: string, trans: string, p: SignedInPlayer, usd: string) =>
  expectHmacPostbackOk(t, slug, { trans_id: trans, user_id: String(p.robloxId), amount_usd: usd }, SECRET);
const reverse = (slug: string, trans: string, p: SignedInPlayer) =>
  expectHmacPostbackOk(t, slug, { status: 'reversal', trans_id: trans, user_id: String(p.robloxId) }, SECRET);

describe(`the operator's economics on ${testEngine}`, () => {
  openTestApp({ env: { ...BOTH_METHODS_ENV, ROBUX_COST_USD: '0.004' } });
  const h = payoutHarness(() => t);
  let referrer: SignedInPlayer;
  let friend: SignedInPlayer;
  let third: SignedInPlayer;
  let fourth: SignedInPlayer;

  beforeAll(async () => {
    await addWalls(
      t.deps.db,
      WALLS.map((w) => ({ slug: w.slug, name: w.name, rate: w.rate, secret: SECRET })),
    );
    await openPayoutGroup(t.control, 10_000);
  });

  it('a scripted month: revenue, cost by kind, payouts, margin, walls and what is owed, to the cent', async () => {
    await at('2026-03-02T10:00:00Z');
    referrer = await signInPlayer(t, 'EconReferrer');
    await verifyPlayer(t, referrer);
    await t.control('POST', '/users', { name: 'EconFriend' });
    const login = await t.login('EconFriend', 'EconReferrer');
    friend = { name: 'EconFriend', token: login.token, robloxId: login.body.user.robloxId };
    await verifyPlayer(t, friend);
    third = await signInPlayer(t, 'EconThird');
    await verifyPlayer(t, third);
    fourth = await signInPlayer(t, 'EconFourth');
    await verifyPlayer(t, fourth);

    // Offers: the friend's credits pay the referrer 10 %.
    await at('2026-03-03T10:00:00Z');
    await credit('alpha', 'a1', friend, '2.00'); // R$200, referral R$20
    await at('2026-03-04T10:00:00Z');
    await credit('alpha', 'a2', third, '1.50'); // R$150
    await at('2026-03-05T10:00:00Z');
    await credit('beta', 'b1', friend, '3.00'); // R$240, referral R$24
    await at('2026-03-06T10:00:00Z');
    await credit('gamma', 'g1', third, '0.50'); // R$60
    await at('2026-03-07T10:00:00Z');
    await credit('gamma', 'g2', third, '1.25'); // R$150
    await at('2026-03-08T14:00:00Z');
    await reverse('alpha', 'a2', third); // −R$150, 100 h after its credit
    await at('2026-03-09T10:00:00Z');
    await reverse('gamma', 'g1', third); // −R$60, 72 h after

    // Daily claims: R$50 each.
    for (const day of ['2026-03-10T10:00:00Z', '2026-03-11T10:00:00Z']) {
      await at(day);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/streak-rewards/claim',
        headers: bearer(referrer.token),
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    // A promo code of R$10 for two players, and an admin grant of R$5.
    await at('2026-03-12T10:00:00Z');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promocodes',
      headers: { cookie },
      payload: { code: 'ECONOMY', amount: 10 },
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const p of [referrer, third]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/promocode/redeem',
        headers: bearer(p.token),
        payload: { code: 'ECONOMY' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await grantRobux(t, cookie, third.name, 5);

    await at('2026-03-13T10:00:00Z');
    await credit('alpha', 'a3', fourth, '0.10'); // R$10

    // Payouts: a gamepass of R$100 (price R$143) and group payouts of R$30 and R$10, then one of R$20 waits.
    await at('2026-03-15T10:00:00Z');
    const friendId = await userIdOf(t.deps.db, friend.robloxId);
    const referrerId = await userIdOf(t.deps.db, referrer.robloxId);
    const fourthId = await userIdOf(t.deps.db, fourth.robloxId);
    await h.requestGamepass({ ...friend, userId: friendId }, 100);
    for (const [p, userId, robux] of [
      [referrer, referrerId, 30],
      [fourth, fourthId, 10],
    ] as const) {
      await setGroupMember(t.control, p.robloxId, 'Eligible');
      await h.requestGroup({ ...p, userId }, robux);
    }
    for (let i = 0; i < 3; i++) expect(await runPayoutOnce(t.deps)).toMatchObject({ outcome: 'paid' });
    await h.requestGroup({ ...referrer, userId: referrerId }, 20);

    // The fourth player's credit is reversed after it was withdrawn: a balance of −R$10.
    await at('2026-03-16T10:00:00Z');
    await reverse('alpha', 'a3', fourth); // 72 h after
    await expectInvariant(t.deps.db);
    // What the payout account and the group held when last read.
    await t.deps.db
      .updateTable('payout_account')
      .set({ robux: 500, group_funds: 100 })
      .where('id', '=', 1)
      .execute();

    await at('2026-03-20T10:00:00Z');
    const month = await consoleRead(t, cookie, '/api/admin/economics?period=month&month=2026-03');

    // By hand, at USD 0.004 per R$:
    // revenue 2.00 + 1.50 + 3.00 + 0.50 + 1.25 + 0.10 − (1.50 + 0.50 + 0.10) = 6.25
    // offer R$810 → 3.24; referral R$44 → 0.176; daily R$100 → 0.40; promo R$20 → 0.08; admin R$5 → 0.02;
    // reversal −R$220 → −0.88; total R$759 → 3.036; margin 6.25 − 3.036 = 3.214 (51.4 %).
    expect(month).toMatchObject({
      currency: 'USD',
      timeZone: 'Europe/Brussels',
      from: '2026-03-01',
      to: '2026-03-31',
      robuxCost: 0.004,
      revenue: 6.25,
      margin: 3.21,
      marginShare: 51.4,
      paidOut: { gamepassRobux: 143, groupRobux: 40, value: 0.73 },
    });
    expect(month.cost.total).toBe(3.04);
    const byKind = Object.fromEntries(
      month.cost.byKind.map((k: { kind: string; robux: number; value: number }) => [
        k.kind,
        [k.robux, k.value],
      ]),
    );
    expect(byKind).toMatchObject({
      offer: [810, 3.24],
      survey: [0, 0],
      referral: [44, 0.18],
      daily: [100, 0.4],
      promo: [20, 0.08],
      social: [0, 0],
      giveaway: [0, 0],
      admin: [5, 0.02],
      reversal: [-220, -0.88],
    });
    expect(byKind.withdrawal).toBeUndefined();

    const walls = Object.fromEntries(month.walls.map((w: { slug: string }) => [w.slug, w]));
    expect(walls.alpha).toEqual({
      slug: 'alpha',
      name: 'Alpha Offers',
      completions: 3,
      revenue: 2,
      robux: 360,
      robuxPerUsd: 100,
      reversals: 2,
      reversalRate: 66.7,
      hoursToReversal: 86,
      margin: 1.2, // 2.00 − R$200 kept × 0.004
    });
    expect(walls.beta).toEqual({
      slug: 'beta',
      name: 'Beta Surveys',
      completions: 1,
      revenue: 3,
      robux: 240,
      robuxPerUsd: 80,
      reversals: 0,
      reversalRate: 0,
      hoursToReversal: null,
      margin: 2.04,
    });
    expect(walls.gamma).toEqual({
      slug: 'gamma',
      name: 'Gamma Games',
      completions: 2,
      revenue: 1.25,
      robux: 210,
      robuxPerUsd: 120,
      reversals: 1,
      reversalRate: 50,
      hoursToReversal: 72,
      margin: 0.65, // 1.25 − R$150 kept × 0.004
    });
    expect(walls.cpx).toMatchObject({ completions: 0, revenue: 0, robuxPerUsd: null, reversalRate: null });

    // Balances: referrer 20 + 24 + 100 + 10 − 30 − 20 = R$104; friend 200 + 240 − 100 = R$340;
    // third 150 − 150 + 60 + 150 − 60 + 10 + 5 = R$165; fourth 10 − 10 − 10 = −R$10.
    expect(month.owed).toEqual({
      available: 609,
      onHold: 0,
      negative: -10,
      withdrawals: 20,
      total: 629,
      value: 2.52,
      payoutRobux: 500,
      groupFunds: 100,
      covered: false,
    });

    expect(month.days).toHaveLength(31);
    const day = (d: string) => month.days.find((x: { day: string }) => x.day === d);
    expect(day('2026-03-03')).toEqual({ day: '2026-03-03', revenue: 2, cost: 0.88, margin: 1.12 });
    expect(day('2026-03-08')).toEqual({ day: '2026-03-08', revenue: -1.5, cost: -0.6, margin: -0.9 });
    expect(day('2026-03-10')).toEqual({ day: '2026-03-10', revenue: 0, cost: 0.2, margin: -0.2 });
    expect(day('2026-03-01')).toEqual({ day: '2026-03-01', revenue: 0, cost: 0, margin: 0 });

    // The same figures once the quarter hours have moved to their days.
    await at('2026-03-21T10:00:00Z');
    expect(await consoleRead(t, cookie, '/api/admin/economics?period=month&month=2026-03')).toEqual(month);
    expect(
      await consoleRead(t, cookie, '/api/admin/economics?period=custom&from=2026-03-01&to=2026-03-31'),
    ).toEqual(month);
    expect(await consoleRead(t, cookie, '/api/admin/economics?period=7d')).toMatchObject({
      from: '2026-03-15',
      to: '2026-03-21',
    });
    expect(await consoleRead(t, cookie, '/api/admin/economics?period=30d')).toMatchObject({
      from: '2026-02-20',
      to: '2026-03-21',
    });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/economics/export?period=month&month=2026-03',
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="economics-2026-03-01-to-2026-03-31.csv"',
    );
    const lines = csv.body.split('\r\n');
    expect(lines).toContain('revenue,6.25,USD');
    expect(lines).toContain('margin,3.21,USD');
    expect(lines).toContain('alpha,3,2,360,100,2,66.7,86,1.2');
    expect(lines).toContain('2026-03-03,2,0.88,1.12');
  });

  it('a Robux cost set from a day on leaves the earlier periods as they were', async () => {
    await at('2026-03-31T10:00:00Z');
    const first = await consoleRead(
      t,
      cookie,
      '/api/admin/economics?period=custom&from=2026-03-01&to=2026-03-15',
    );
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/economics/costs', headers: { cookie }, payload: body });

    const past = await put({ effectiveFrom: '2026-03-01', usd: 0.01 });
    expect(past.statusCode, past.body).toBe(400);
    const set = await put({ effectiveFrom: '2026-04-01', usd: 0.005 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      defaultUsd: 0.004,
      costs: [{ effectiveFrom: '2026-04-01', usd: 0.005, setBy: 'owner (bootstrap)' }],
    });

    await at('2026-04-02T10:00:00Z');
    await grantRobux(t, cookie, third.name, 10);

    expect(
      await consoleRead(t, cookie, '/api/admin/economics?period=custom&from=2026-03-01&to=2026-03-15'),
    ).toEqual({
      ...first,
      // Today's cost and what is owed now are not the period's.
      robuxCost: 0.005,
      owed: expect.anything(),
    });
    const april = await consoleRead(t, cookie, '/api/admin/economics?period=month&month=2026-04');
    expect(april).toMatchObject({ robuxCost: 0.005, revenue: 0, margin: -0.05 });
    expect(april.cost.byKind.find((k: { kind: string }) => k.kind === 'admin')).toEqual({
      kind: 'admin',
      robux: 10,
      value: 0.05,
    });
    // What is owed is valued at today's cost: R$639 × 0.005.
    expect(april.owed).toMatchObject({ total: 639, value: 3.2 });
  });

  it('counts a quarter hour moved into its day after the period’s days were read', async () => {
    await at('2026-04-03T10:00:00Z');
    const before = await consoleRead(t, cookie, '/api/admin/economics?period=month&month=2026-04');
    await credit('alpha', 'a-late', third, '1.00');
    const quarter = await consoleRead(t, cookie, '/api/admin/economics?period=month&month=2026-04');
    const alpha = (e: { walls: { slug: string; completions: number }[] }) =>
      e.walls.find((w) => w.slug === 'alpha')!.completions;
    expect([quarter.revenue, alpha(quarter)]).toEqual([before.revenue + 1, alpha(before) + 1]);
    // Three hours on, its quarter hour has moved into its day: the days read before are read again.
    await at('2026-04-03T13:00:00Z');
    expect(await consoleRead(t, cookie, '/api/admin/economics?period=month&month=2026-04')).toEqual({
      ...quarter,
      owed: expect.anything(),
    });
  });

  it('views asked together while a quarter hour moves into its day all count it once', async () => {
    await at('2026-04-04T10:00:00Z');
    const before = await consoleRead(t, cookie, '/api/admin/economics?period=month&month=2026-04');
    await credit('alpha', 'a-burst', third, '1.00');
    await at('2026-04-04T13:00:00Z');
    const views = await Promise.all(
      Array.from({ length: 12 }, () =>
        consoleRead(t, cookie, '/api/admin/economics?period=month&month=2026-04'),
      ),
    );
    for (const view of views) {
      expect({ ...view, owed: null }).toEqual({ ...views[0], owed: null });
    }
    expect(views[0].revenue).toBe(before.revenue + 1);
  });

  it('owners and moderators read the section; support gets 403; only an owner sets the cost', async () => {
    const moderator = await signedInStaff(t, 'moderator');
    const support = await signedInStaff(t, 'support');
    const get = (c: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: c } });
    for (const url of [
      '/api/admin/economics',
      '/api/admin/economics/export',
      '/api/admin/economics/warnings',
      '/api/admin/economics/costs',
    ]) {
      expect((await get(moderator.cookie, url)).statusCode, url).toBe(200);
      expect((await get(support.cookie, url)).statusCode, url).toBe(403);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/economics/costs',
      headers: { cookie: moderator.cookie },
      payload: { effectiveFrom: '2026-05-01', usd: 0.004 },
    });
    expect(put.statusCode).toBe(403);
    const bad = await get(cookie, '/api/admin/economics?period=custom&from=2026-03-10&to=2026-03-01');
    expect(bad.statusCode).toBe(400);
    // At most 366 days, both ends counted.
    const year = await get(cookie, '/api/admin/economics?period=custom&from=2025-03-01&to=2026-03-01');
    expect(year.statusCode).toBe(200);
    const longer = await get(cookie, '/api/admin/economics?period=custom&from=2025-02-28&to=2026-03-01');
    expect(longer.statusCode).toBe(400);
    expect(longer.json()).toMatchObject({ error: 'A period may cover at most 366 days.' });
  });
});

describe(`economics warnings on ${testEngine}`, () => {
  openTestApp({
    env: {
      ROBUX_COST_USD: '0.004',
      DISCORD_WEBHOOK_URL: hook.url,
      ECONOMICS_MIN_MARGIN_PERCENT: '20',
      ECONOMICS_MAX_WALL_REVERSAL_PERCENT: '15',
      ECONOMICS_MIN_WALL_COMPLETIONS: '2',
      METRICS_TOKEN: 'economics-metrics-token',
    },
  });
  beforeAll(async () => {
    await addWalls(t.deps.db, [{ slug: 'alpha', name: 'Alpha Offers', rate: 100, secret: SECRET }]);
  });

  async function warnings() {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/economics/warnings',
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().warnings as Array<{ kind: string; wall?: string; value: number; limit: number }>;
  }
  const setFunds = (robux: number | null) =>
    t.deps.db.updateTable('payout_account').set({ robux, group_funds: null }).where('id', '=', 1).execute();

  it('each warning is told to Discord once per episode, and again when it comes back', async () => {
    await at('2026-03-10T10:00:00Z');
    const p = await signInPlayer(t, 'WarnedPlayer');
    await setFunds(1_000_000);
    expect(await warnings()).toEqual([]);

    // Two completions at USD 1.00 (R$100 each), one reversed: revenue 1.00 against R$100 kept (0.40),
    // a 60 % margin, and a wall reversing 50 %.
    await credit('alpha', 'w1', p, '1.00');
    await credit('alpha', 'w2', p, '1.00');
    await at('2026-03-10T12:00:00Z');
    await reverse('alpha', 'w2', p);
    expect(await warnings()).toEqual([
      expect.objectContaining({ kind: 'reversals', wall: 'alpha', value: 50, limit: 15 }),
    ]);
    expect(await warnings()).toHaveLength(1);

    // An admin grant of R$200 brings the margin to 1.00 − 1.20 = −0.20 (−20 %).
    await grantRobux(t, cookie, p.name, 200);
    // Players hold R$300: more than the R$100 the payout account holds.
    await setFunds(100);
    const kinds = async () => (await warnings()).map((w) => w.kind).sort();
    expect(await kinds()).toEqual(['margin', 'owed', 'reversals']);
    expect(await kinds()).toEqual(['margin', 'owed', 'reversals']);

    // Funds arrive: the owed episode ends; when they fall short again it is told again.
    await setFunds(1_000);
    expect(await kinds()).toEqual(['margin', 'reversals']);
    await setFunds(50);
    expect(await kinds()).toEqual(['margin', 'owed', 'reversals']);
    expect(await kinds()).toEqual(['margin', 'owed', 'reversals']);

    const posts = (await hook.settled()).map((m) => m.content);
    expect(posts.filter((c) => c.includes('reversed 50%'))).toHaveLength(1);
    expect(posts.filter((c) => c.includes("7 days' margin is -20%"))).toHaveLength(1);
    expect(posts.filter((c) => c.includes('Players are owed R$300'))).toHaveLength(2);
    expect(posts).toHaveLength(4);

    // /metrics reports the week the last look computed.
    const scrape = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer economics-metrics-token' },
    });
    const lines = scrape.body.split('\n');
    expect(lines).toContain('rewards_economics_revenue{currency="USD"} 1');
    expect(lines).toContain('rewards_economics_margin{currency="USD"} -0.2');
    expect(lines).toContain('rewards_economics_wall_reversal_ratio{wall="alpha"} 0.5');
    expect(lines).toContain('rewards_economics_owed_robux 300');
    expect(lines).toContain('rewards_economics_owed_covered 0');
  });
});

describe(`economics migrations on ${testEngine}`, () => {
  it('migration 0035 adds the withdrawals paid before it to the payout figures, and down takes them out', async () => {
    const empty = await createEmptyDatabase();
    const db = createDatabase(empty.url);
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      await migrator.migrateTo('0034_level_reward_sweeps');
      await insertRawUser(db, 1);
      await insertWithdrawalRow(db, 1, { price: 15, gamepass_id: 1 });
      await insertWithdrawalRow(db, 1, { price: 30, paid_at: atMinute(8), gamepass_id: 2 });
      await insertWithdrawalRow(db, 1, {
        method: 'group',
        price: 20,
        paid_at: atMinute(20),
        gamepass_id: null,
      });
      // Neither a withdrawal still waiting nor one refunded was paid out.
      await insertWithdrawalRow(db, 1, { state: 'pending', paid_at: null, gamepass_id: 3 });
      await insertWithdrawalRow(db, 1, { state: 'refunded', paid_at: null, gamepass_id: 4 });
      await migrateToLatest(db);
      const payouts = () =>
        db
          .selectFrom('economics_quarters')
          .select(['hour', 'quarter', 'name', 'events', 'cents'])
          .where('source', '=', 'payout')
          .orderBy('name')
          .execute();
      expect(
        (await payouts()).map((r) => ({ ...r, events: Number(r.events), cents: Number(r.cents) })),
      ).toEqual([
        { hour: '2026-03-02T10', quarter: 0, name: 'gamepass', events: 2, cents: 4_500 },
        { hour: '2026-03-02T10', quarter: 1, name: 'group', events: 1, cents: 2_000 },
      ]);
      await migrator.migrateTo('0034_level_reward_sweeps');
      expect(await payouts()).toEqual([]);
    } finally {
      await db.destroy();
      await empty.remove();
    }
  });

  it('migration 0037 starts the kept sum of negative balances from the balances, and down drops it', async () => {
    const empty = await createEmptyDatabase();
    const db = createDatabase(empty.url);
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      await migrator.migrateTo('0036_economics_settled');
      for (const [id, balance] of [
        [1, -700],
        [2, -300],
        [3, 500],
      ] as const) {
        await insertRawUser(db, id);
        await db.updateTable('users').set({ balance }).where('id', '=', id).execute();
      }
      await migrateToLatest(db);
      expect(await negativeBalancesKept(db)).toBe(-1_000);
      await migrator.migrateTo('0036_economics_settled');
      await migrateToLatest(db);
      expect(await negativeBalancesKept(db)).toBe(-1_000);
    } finally {
      await db.destroy();
      await empty.remove();
    }
  });
});
