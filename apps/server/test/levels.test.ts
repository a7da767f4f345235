import { beforeAll, describe, expect, it } from 'vitest';
import { levelOfCents, levelStartCents, MAX_LEVEL, type LevelStatus } from '@rewards/contracts';
import { LEADERBOARD_TTL_MS } from '../src/modules/activity/service.ts';
import { adminCookie } from './support/admin.ts';
import { balanceOf, setPlayerStatus, userIdOf } from './support/accounts.ts';
import { expectInvariant } from './support/ledger.ts';
import { grantRobux, proveOwnership, signInPlayer, type SignedInPlayer } from './support/players.ts';
import { cpxPostbackPath, expectPostbackCredited } from './support/postbacks.ts';
import { auditRows, ledgerEntriesWithKey } from './support/records.ts';
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

let trans = 0;

/** A signed CPX postback crediting (status 1) or reversing (status 2) `trans` for the player. */
const cpx = (p: SignedInPlayer, status: '1' | '2', id: string, local = '0') =>
  expectPostbackCredited(t, cpxPostbackPath({ status, trans: id, user: p.robloxId, local }));
const earn = async (p: SignedInPlayer, local: string) => {
  const id = `lv-${++trans}`;
  await cpx(p, '1', id, local);
  return id;
};
async function levelOf(p: SignedInPlayer): Promise<LevelStatus> {
  const res = await t.app.inject({ method: 'GET', url: '/api/level', headers: bearer(p.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function profileLevelOf(p: SignedInPlayer): Promise<LevelStatus> {
  const res = await t.app.inject({ method: 'GET', url: `/api/profile/${p.name}`, headers: bearer(p.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().level;
}
const rewardEntries = async (p: SignedInPlayer, level: number) =>
  ledgerEntriesWithKey(t.deps.db, `level:${await userIdOf(t.deps.db, p.robloxId)}:${level}`);

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
    expect(await levelOf(p)).toEqual({
      level: 1,
      experience: 0,
      levelStart: 0,
      nextLevelAt: 10,
      nextReward: null,
    });
    const big = await earn(p, '12.00');
    await earn(p, '0.50');
    expect(await levelOf(p)).toMatchObject({ level: 2, experience: 12.5, levelStart: 10, nextLevelAt: 40 });

    // Only offers and surveys count: R$100 granted by staff moves nothing.
    await grantRobux(t, cookie, p.name, 100);
    expect((await levelOf(p)).experience).toBe(12.5);

    await cpx(p, '2', big);
    expect(await levelOf(p)).toMatchObject({ level: 1, experience: 0.5 });

    expect(await profileLevelOf(p)).toMatchObject({ level: 1, experience: 0.5, nextLevelAt: 10 });
    await expectInvariant(t.deps.db);
  });

  it('pays a level reward once, also to two reads at once, and not again after a reversal', async () => {
    const created = await admin('POST', '/api/admin/level-rewards', { level: 2, amount: 5 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ level: 2, amount: 5, paid: 0 });

    const p = await signInPlayer(t, 'RewardReacher');
    expect((await levelOf(p)).nextReward).toEqual({ level: 2, amount: 5 });
    const first = await earn(p, '10.00');
    const reads = await Promise.all([levelOf(p), levelOf(p)]);
    expect(reads.map((r) => r.level)).toEqual([2, 2]);
    expect(await rewardEntries(p, 2)).toHaveLength(1);
    const id = await userIdOf(t.deps.db, p.robloxId);
    expect(await balanceOf(t.deps.db, id)).toBe(15);

    // Below the level again, then back above it: the reward stays paid once.
    await cpx(p, '2', first);
    expect((await levelOf(p)).level).toBe(1);
    await earn(p, '11.00');
    await Promise.all([levelOf(p), levelOf(p)]);
    expect(await rewardEntries(p, 2)).toHaveLength(1);
    expect(await balanceOf(t.deps.db, id)).toBe(16);

    const [entry] = await rewardEntries(p, 2);
    expect(entry).toMatchObject({ kind: 'level', amount: 500, description: 'Level 2 reward' });
    expect(JSON.parse(entry!.params!)).toEqual({ level: 2 });
    const list = await admin('GET', '/api/admin/level-rewards');
    expect(list.json().rewards).toEqual([expect.objectContaining({ level: 2, amount: 5, paid: 1 })]);
    await expectInvariant(t.deps.db);
  });

  it('pays the profile read too, and a reward added later to players already past its level', async () => {
    const p = await signInPlayer(t, 'EarlyBird');
    await earn(p, '45.00');
    expect((await levelOf(p)).level).toBe(3);
    expect((await admin('POST', '/api/admin/level-rewards', { level: 3, amount: 2.5 })).statusCode).toBe(201);
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/profile/${p.name}`,
      headers: bearer(p.token),
    });
    // Level 2's R$5 and level 3's R$2.50, in the balance the same answer shows.
    expect(profile.json()).toMatchObject({ robux: 52.5, level: { level: 3, nextReward: null } });
    expect(await rewardEntries(p, 3)).toHaveLength(1);
    await expectInvariant(t.deps.db);
  });

  it('pays a banned player nothing until the ban is lifted', async () => {
    const p = await signInPlayer(t, 'BannedClimber');
    await earn(p, '10.00');
    await setPlayerStatus(t.deps.db, p.name, 'banned');
    await t.app.inject({ method: 'GET', url: '/api/level', headers: bearer(p.token) });
    expect(await rewardEntries(p, 2)).toHaveLength(0);
    await setPlayerStatus(t.deps.db, p.name, 'active');
    await levelOf(p);
    expect(await rewardEntries(p, 2)).toHaveLength(1);
  });

  it('the console edits and deletes rewards, with an audit row for each change', async () => {
    expect((await admin('POST', '/api/admin/level-rewards', { level: 2, amount: 1 })).statusCode).toBe(409);
    expect((await admin('POST', '/api/admin/level-rewards', { level: 1, amount: 1 })).statusCode).toBe(400);
    expect((await admin('POST', '/api/admin/level-rewards', { level: 5, amount: 0.001 })).statusCode).toBe(
      400,
    );
    const edited = await admin('PATCH', '/api/admin/level-rewards/3', { amount: 7 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ level: 3, amount: 7, paid: 1 });
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
    ]);
    const [update] = await auditRows(t.deps.db, { action: 'level_reward.update' });
    expect([JSON.parse(update!.before!), JSON.parse(update!.after!)]).toEqual([
      { amount: 2.5 },
      { amount: 7 },
    ]);
    expect(await auditRows(t.deps.db, { action: 'level_reward.delete' })).toHaveLength(1);

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
    const p = await signInPlayer(t, 'PatientClimber');
    await earn(p, '12.00');
    const reversed = await earn(p, '50.00');
    expect(await levelOf(p)).toMatchObject({ level: 1, experience: 0 });
    await cpx(p, '2', reversed);
    t.clock.advance(25 * 60 * 60 * 1000);
    // The profile releases the holds that are due before it reads the level.
    expect(await profileLevelOf(p)).toMatchObject({ level: 2, experience: 12 });
    await expectInvariant(t.deps.db);
  });
});
