import { beforeAll, describe, expect, it } from 'vitest';
import { levelOfCents, levelStartCents, MAX_LEVEL, type LevelStatus } from '@rewards/contracts';
import { LEADERBOARD_TTL_MS } from '../src/modules/activity/service.ts';
import { sweepLevelRewards } from '../src/modules/levels/index.ts';
import { REWARD_LIST_TTL_MS } from '../src/modules/levels/rewards.ts';
import { releaseDueHolds } from '../src/modules/offers/index.ts';
import { adminCookie } from './support/admin.ts';
import { balanceOf, setPlayerStatus, userIdOf } from './support/accounts.ts';
import { expectInvariant } from './support/ledger.ts';
import {
  grantRobux,
  profileOf,
  proveOwnership,
  signInPlayer,
  type SignedInPlayer,
} from './support/players.ts';
import { playerRead } from './support/calls.ts';
import { creditThroughCpx, expectPostbackCredited } from './support/postbacks.ts';
import { auditRows, ledgerEntriesWithKey, rowCount } from './support/records.ts';
import { bearer } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { openTestApp, t } from './support/suite.ts';

describe('the level curve', () => {
  it('starts level n at R$10 × (n − 1)², exactly at each boundary', () => {
    expect([1, 2, 3, 4, 10].map(levelStartCents)).toEqual([0, 1_000, 4_000, 9_000, 81_000]);
    expect(levelOfCents(0)).toBe(1);
    expect(levelOfCents(-500)).toBe(1);
    for (let level = 2; level <= MAX_LEVEL; level++) {
      expect(levelOfCents(levelStartCents(level))).toBe(level);
      expect(levelOfCents(levelStartCents(level) - 1)).toBe(level - 1);
    }
    expect(levelOfCents(Number.MAX_SAFE_INTEGER)).toBe(MAX_LEVEL);
  });
});

const rewardEntries = async (p: SignedInPlayer, level: number) =>
  ledgerEntriesWithKey(t.deps.db, `level:${await userIdOf(t.deps.db, p.robloxId)}:${level}`);
/** When the sweep finished paying a level's reward to the players already past it (null: not yet). */
async function sweptAt(level: number): Promise<string | null> {
  const row = await t.deps.db
    .selectFrom('level_rewards')
    .select('swept_at')
    .where('level', '=', level)
    .executeTakeFirstOrThrow();
  return row.swept_at;
}

describe(`levels on ${testEngine}`, () => {
  let cookie: string;
  openTestApp();
  beforeAll(async () => {
    cookie = await adminCookie(t);
  });

  const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/level' })).statusCode).toBe(401);
  });

  it('rises with offer credits from signed postbacks and falls after a reversal', async () => {
    const p = await signInPlayer(t, 'LevelClimber');
    expect(await playerRead(t, p.token, '/api/level')).toEqual({
      level: 1,
      experience: 0,
      levelStart: 0,
      nextLevelAt: 10,
      nextReward: null,
    });
    const big = await creditThroughCpx(t, p, '12.00', { prefix: 'lv' });
    await creditThroughCpx(t, p, '0.50', { prefix: 'lv' });
    expect(await playerRead(t, p.token, '/api/level')).toMatchObject({
      level: 2,
      experience: 12.5,
      levelStart: 10,
      nextLevelAt: 40,
    });

    // Only offers and surveys count: R$100 granted by staff moves nothing.
    await grantRobux(t, cookie, p.name, 100);
    expect((await playerRead(t, p.token, '/api/level')).experience).toBe(12.5);

    await expectPostbackCredited(t, { status: '2', trans: big, user: p.robloxId, local: '0' });
    expect(await playerRead(t, p.token, '/api/level')).toMatchObject({ level: 1, experience: 0.5 });

    expect((await profileOf(t, p.token, p.name)).level).toMatchObject({
      level: 1,
      experience: 0.5,
      nextLevelAt: 10,
    });
    await expectInvariant(t.deps.db);
  });

  it('pays a level reward with the credit that reaches the level, once, also for two credits at once', async () => {
    const created = await admin('POST', '/api/admin/level-rewards', { level: 2, amount: 5 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ level: 2, amount: 5, paid: 0 });

    const p = await signInPlayer(t, 'RewardReacher');
    const id = await userIdOf(t.deps.db, p.robloxId);
    expect((await playerRead(t, p.token, '/api/level')).nextReward).toEqual({ level: 2, amount: 5 });
    await creditThroughCpx(t, p, '9.99', { prefix: 'lv' });
    expect(await rewardEntries(p, 2)).toHaveLength(0);
    // The credit that takes the player to level 2 pays its reward; no read of the level is needed.
    const first = await creditThroughCpx(t, p, '0.01', { prefix: 'lv' });
    expect(await rewardEntries(p, 2)).toHaveLength(1);
    expect(await balanceOf(t.deps.db, id)).toBe(15);

    // Below the level again, then back above it: the reward stays paid once.
    await expectPostbackCredited(t, { status: '2', trans: first, user: p.robloxId, local: '0' });
    expect((await playerRead(t, p.token, '/api/level')).level).toBe(1);
    await creditThroughCpx(t, p, '11.00', { prefix: 'lv' });
    expect((await playerRead(t, p.token, '/api/level')).level).toBe(2);
    expect(await rewardEntries(p, 2)).toHaveLength(1);
    expect(await balanceOf(t.deps.db, id)).toBe(25.99);

    const [entry] = await rewardEntries(p, 2);
    expect(entry).toMatchObject({ kind: 'level', amount: 500, description: 'Level 2 reward' });
    expect(JSON.parse(entry!.params!)).toEqual({ level: 2 });

    // Two credits at once, each enough for level 2 alone: both see the reward due, one pays it.
    const twin = await signInPlayer(t, 'TwinCredits');
    await Promise.all([
      creditThroughCpx(t, twin, '10.00', { prefix: 'lv' }),
      creditThroughCpx(t, twin, '10.00', { prefix: 'lv' }),
    ]);
    expect(await rewardEntries(twin, 2)).toHaveLength(1);
    expect(await balanceOf(t.deps.db, await userIdOf(t.deps.db, twin.robloxId))).toBe(25);

    const list = await admin('GET', '/api/admin/level-rewards');
    expect(list.json().rewards).toEqual([expect.objectContaining({ level: 2, amount: 5, paid: 2 })]);
    await expectInvariant(t.deps.db);
  });

  it('reads of the level write nothing; the sweep pays a reward added later to players past it', async () => {
    const p = await signInPlayer(t, 'EarlyBird');
    await creditThroughCpx(t, p, '45.00', { prefix: 'lv' });
    expect((await playerRead(t, p.token, '/api/level')).level).toBe(3);
    expect((await admin('POST', '/api/admin/level-rewards', { level: 3, amount: 2.5 })).statusCode).toBe(201);

    const entries = await rowCount(t.deps.db, 'ledger_entries');
    await Promise.all([playerRead(t, p.token, '/api/level'), profileOf(t, p.token, p.name)]);
    expect(await rowCount(t.deps.db, 'ledger_entries')).toBe(entries);
    expect(await rewardEntries(p, 3)).toHaveLength(0);

    // Two passes at once pay once.
    const passes = await Promise.all([sweepLevelRewards(t.deps), sweepLevelRewards(t.deps)]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await rewardEntries(p, 3)).toHaveLength(1);
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/profile/${p.name}`,
      headers: bearer(p.token),
    });
    // Level 2's R$5 with the credit and level 3's R$2.50 from the sweep.
    expect(profile.json()).toMatchObject({ robux: 52.5, level: { level: 3, nextReward: null } });

    // A pass so soon after the reward was made leaves it to the next one: another process may have
    // credited with a list that did not show it yet.
    expect(await sweptAt(3)).toBeNull();
    t.clock.advance(2 * REWARD_LIST_TTL_MS);
    expect(await sweepLevelRewards(t.deps)).toBe(0);
    expect(await sweptAt(3)).not.toBeNull();
    await expectInvariant(t.deps.db);
  });

  it('a credit in a process whose list of rewards is stale is paid by the sweep', async () => {
    const p = await signInPlayer(t, 'StaleListClimber');
    await creditThroughCpx(t, p, '80.00', { prefix: 'lv' }); // level 3: this process's list (levels 2 and 3) is fresh now
    // Another process adds level 4's reward: this process's list does not show it for a while.
    await t.deps.db
      .insertInto('level_rewards')
      .values({ level: 4, amount: 100, created_at: t.clock.now().toISOString(), updated_at: '' })
      .execute();
    await creditThroughCpx(t, p, '10.00', { prefix: 'lv' }); // level 4
    expect(await rewardEntries(p, 4)).toHaveLength(0);
    expect(await sweepLevelRewards(t.deps)).toBe(1);
    expect(await rewardEntries(p, 4)).toHaveLength(1);
    t.clock.advance(2 * REWARD_LIST_TTL_MS);
    await sweepLevelRewards(t.deps);
    expect(await sweptAt(4)).not.toBeNull();
    expect((await admin('DELETE', '/api/admin/level-rewards/4')).statusCode).toBe(200);
    await expectInvariant(t.deps.db);
  });

  it('pays a banned player nothing; once unbanned, their next credit pays what they reached', async () => {
    const p = await signInPlayer(t, 'BannedClimber');
    await creditThroughCpx(t, p, '170.00', { prefix: 'lv' }); // level 5, with levels 2 and 3's rewards
    expect((await playerRead(t, p.token, '/api/level')).level).toBe(5);
    await setPlayerStatus(t.deps.db, p.name, 'banned');
    expect((await admin('POST', '/api/admin/level-rewards', { level: 5, amount: 1 })).statusCode).toBe(201);
    expect(await sweepLevelRewards(t.deps)).toBe(0);
    expect(await rewardEntries(p, 5)).toHaveLength(0);
    await setPlayerStatus(t.deps.db, p.name, 'active');
    await creditThroughCpx(t, p, '0.50', { prefix: 'lv' });
    expect(await rewardEntries(p, 5)).toHaveLength(1);
    expect(await rewardEntries(p, 3)).toHaveLength(1);
    expect((await admin('DELETE', '/api/admin/level-rewards/5')).statusCode).toBe(200);
    await expectInvariant(t.deps.db);
  });

  it('an approved held postback pays the reward of the level it reaches, once approved', async () => {
    const p = await signInPlayer(t, 'ReviewedClimber');
    // Without its USD payout, CPX's credit waits for an admin's decision.
    await expectPostbackCredited(t, { trans: 'lv-reviewed', user: p.robloxId, local: '10.00', usd: null });
    const held = await t.deps.db
      .selectFrom('postbacks')
      .select(['id', 'verdict'])
      .where('trans_id', '=', 'lv-reviewed')
      .executeTakeFirstOrThrow();
    expect(held.verdict).toBe('held');
    expect(await rewardEntries(p, 2)).toHaveLength(0);
    const approved = await admin('POST', `/api/admin/postbacks/${held.id}/approve`);
    expect(approved.json(), approved.body).toMatchObject({ verdict: 'approved', outcome: 'credited' });
    expect(await rewardEntries(p, 2)).toHaveLength(1);
    await expectInvariant(t.deps.db);
  });

  it('the console edits and deletes rewards, with an audit row for each change', async () => {
    expect((await admin('POST', '/api/admin/level-rewards', { level: 2, amount: 1 })).statusCode).toBe(409);
    expect((await admin('POST', '/api/admin/level-rewards', { level: 1, amount: 1 })).statusCode).toBe(400);
    expect((await admin('POST', '/api/admin/level-rewards', { level: 5, amount: 0.001 })).statusCode).toBe(
      400,
    );
    const edited = await admin('PATCH', '/api/admin/level-rewards/3', { amount: 7 });
    expect(edited.statusCode, edited.body).toBe(200);
    // EarlyBird by the sweep, StaleListClimber and BannedClimber by their credits.
    expect(edited.json()).toMatchObject({ level: 3, amount: 7, paid: 3 });
    expect((await admin('PATCH', '/api/admin/level-rewards/9', { amount: 7 })).statusCode).toBe(404);
    const deleted = await admin('DELETE', '/api/admin/level-rewards/3');
    expect(deleted.statusCode).toBe(200);
    expect((await admin('DELETE', '/api/admin/level-rewards/3')).statusCode).toBe(404);
    expect(
      (await admin('GET', '/api/admin/level-rewards')).json().rewards.map((r: LevelStatus) => r.level),
    ).toEqual([2]);

    expect((await auditRows(t.deps.db, { action: 'level_reward.create' })).map((r) => r.target)).toEqual([
      'level:2',
      'level:3',
      'level:5',
    ]);
    const [update] = await auditRows(t.deps.db, { action: 'level_reward.update' });
    expect([JSON.parse(update!.before!), JSON.parse(update!.after!)]).toEqual([
      { amount: 2.5 },
      { amount: 7 },
    ]);
    expect((await auditRows(t.deps.db, { action: 'level_reward.delete' })).map((r) => r.target)).toEqual([
      'level:4',
      'level:5',
      'level:3',
    ]);

    const player = await signInPlayer(t, 'NotStaff');
    const asPlayer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/level-rewards',
      payload: { level: 4, amount: 1 },
      headers: bearer(player.token),
    });
    expect(asPlayer.statusCode).toBe(401);
  });

  it('shows each leaderboard row with its level, and the level in the data export', async () => {
    t.clock.advance(LEADERBOARD_TTL_MS + 1);
    const board = (await t.app.inject({ method: 'GET', url: '/api/leaderboard' })).json() as {
      username: string;
      level: number;
    }[];
    expect(board.find((e) => e.username === 'EarlyBird')?.level).toBe(3);
    expect(board.find((e) => e.username === 'LevelClimber')?.level).toBe(1);

    const p = await signInPlayer(t, 'EarlyBird');
    await proveOwnership(t, p);
    const res = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(p.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().level).toEqual({
      level: 3,
      experience: 45,
      rewards: [
        { level: 2, amount: 5, date: expect.any(String) },
        { level: 3, amount: 2.5, date: expect.any(String) },
      ],
    });
  });
});

describe(`levels with offer holds on ${testEngine}`, () => {
  // The shipped defaults: credits of R$5 or more wait 24 hours.
  openTestApp({ env: { OFFER_HOLD_HOURS: '', HOLD_EXEMPT_BELOW: '' } });

  it('counts a held credit once its hold has passed, and never one reversed while held', async () => {
    const cookie = await adminCookie(t);
    const reward = await t.app.inject({
      method: 'POST',
      url: '/api/admin/level-rewards',
      payload: { level: 2, amount: 1 },
      headers: { cookie },
    });
    expect(reward.statusCode, reward.body).toBe(201);
    const p = await signInPlayer(t, 'PatientClimber');
    await creditThroughCpx(t, p, '12.00', { prefix: 'lv' });
    const reversed = await creditThroughCpx(t, p, '50.00', { prefix: 'lv' });
    expect(await playerRead(t, p.token, '/api/level')).toMatchObject({ level: 1, experience: 0 });
    await expectPostbackCredited(t, { status: '2', trans: reversed, user: p.robloxId, local: '0' });
    t.clock.advance(25 * 60 * 60 * 1000);
    // The hold's release is the credit: it pays level 2's reward once it committed.
    expect(await releaseDueHolds(t.deps)).toBe(1);
    expect(await rewardEntries(p, 2)).toHaveLength(1);
    expect((await profileOf(t, p.token, p.name)).level).toMatchObject({ level: 2, experience: 12 });
    expect(await balanceOf(t.deps.db, await userIdOf(t.deps.db, p.robloxId))).toBe(13);
    await expectInvariant(t.deps.db);
  });
});
