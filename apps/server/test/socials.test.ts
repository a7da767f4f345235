import { describe, expect, it } from 'vitest';
import { checkInvariant } from '../src/modules/ledger/service.ts';
import { playerCall } from './support/calls.ts';
import { testEngine } from './support/test-database.ts';
import { accountNamed } from './support/accounts.ts';
import { claimSocial } from './support/players.ts';
import { ledgerEntries } from './support/records.ts';
import { openTestApp, t } from './support/suite.ts';

describe(`socials on ${testEngine}`, () => {
  openTestApp();

  it('lists the four socials, each +R$1.5, none claimed for a new player', async () => {
    const { token } = await t.login('AliceRBX');
    const res = await playerCall(t, { url: '/api/socials', token });
    expect(res.statusCode).toBe(200);
    const { socials } = res.json();
    expect(socials.map((s: any) => s.name)).toEqual(['YouTube', 'TikTok', 'Discord', 'X']);
    for (const s of socials) {
      expect(s).toEqual({
        id: expect.stringMatching(/^[a-z]+$/),
        name: expect.any(String),
        reward: 1.5,
        url: expect.stringMatching(/^https:\/\//),
        color: expect.stringMatching(/^#[0-9A-Fa-f]{6}$/),
        claimed: false,
      });
    }
  });

  it('a claim credits R$1.5 once with a social ledger entry; a second click credits nothing (409)', async () => {
    const { token } = await t.login('AliceRBX');
    const before = await accountNamed(t.deps.db, 'AliceRBX');

    const first = await claimSocial(t.app, token, 'youtube');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, amount: 1.5, robux: before.balance / 100 + 1.5 });

    const second = await claimSocial(t.app, token, 'youtube');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'You already claimed this reward.', code: 'CONFLICT' });

    const after = await accountNamed(t.deps.db, 'AliceRBX');
    expect(after.balance).toBe(before.balance + 150);
    // A social follow is an earning: it counts toward lifetime earnings (leaderboard).
    expect(after.earnings).toBe(before.earnings + 150);
    const entries = await ledgerEntries(t.deps.db, { userId: after.id, kind: 'social' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      amount: 150,
      kind: 'social',
      idempotency_key: `social:youtube:${after.id}`,
      description: 'Followed us on YouTube',
    });
    expect((await checkInvariant(t.deps.db)).ok).toBe(true);
  });

  it('the claimed flags follow the ledger, per account', async () => {
    const alice = await t.login('AliceRBX');
    const flags = (await playerCall(t, { url: '/api/socials', token: alice.token }))
      .json()
      .socials.map((s: any) => [s.id, s.claimed]);
    expect(flags).toEqual([
      ['youtube', true],
      ['tiktok', false],
      ['discord', false],
      ['x', false],
    ]);
    // Alice's claim is hers alone: Bob can still claim the same social.
    const bob = await t.login('BobBuilder');
    expect(
      (await playerCall(t, { url: '/api/socials', token: bob.token }))
        .json()
        .socials.every((s: any) => s.claimed === false),
    ).toBe(true);
    expect((await claimSocial(t.app, bob.token, 'youtube')).statusCode).toBe(200);
    expect((await claimSocial(t.app, bob.token, 'discord')).json()).toMatchObject({
      success: true,
      amount: 1.5,
      robux: 3,
    });
    const bobFlags = (await playerCall(t, { url: '/api/socials', token: bob.token }))
      .json()
      .socials.filter((s: any) => s.claimed)
      .map((s: any) => s.id);
    expect(bobFlags).toEqual(['youtube', 'discord']);
    const bobEntries = await ledgerEntries(t.deps.db, {
      userId: (await accountNamed(t.deps.db, 'BobBuilder')).id,
      kind: 'social',
    });
    expect(bobEntries.map((e) => e.description)).toEqual([
      'Followed us on YouTube',
      'Joined our Discord server',
    ]);
    expect((await checkInvariant(t.deps.db)).ok).toBe(true);
  });

  it('10 concurrent claims of the same social credit exactly once', async () => {
    const { token } = await t.login('CarolPlays');
    const before = await accountNamed(t.deps.db, 'CarolPlays');
    const results = await Promise.all(Array.from({ length: 10 }, () => claimSocial(t.app, token, 'tiktok')));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toEqual({ error: 'You already claimed this reward.', code: 'CONFLICT' });
    }
    const after = await accountNamed(t.deps.db, 'CarolPlays');
    expect(after.balance).toBe(before.balance + 150);
    expect(await ledgerEntries(t.deps.db, { userId: after.id, kind: 'social' })).toHaveLength(1);
    expect((await checkInvariant(t.deps.db)).ok).toBe(true);
  });

  it('a banned player may read but is refused a claim, and nothing is credited', async () => {
    const { token } = await t.login('DaveTheBrave');
    const dave = await accountNamed(t.deps.db, 'DaveTheBrave');
    await t.deps.db.updateTable('users').set({ status: 'banned' }).where('id', '=', dave.id).execute();
    try {
      const res = await claimSocial(t.app, token, 'x');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'BANNED', error: expect.stringContaining('banned') });
      expect((await playerCall(t, { url: '/api/socials', token })).statusCode).toBe(200);
      expect(await ledgerEntries(t.deps.db, { userId: dave.id, kind: 'social' })).toHaveLength(0);
      expect((await accountNamed(t.deps.db, 'DaveTheBrave')).balance).toBe(dave.balance);
    } finally {
      await t.deps.db.updateTable('users').set({ status: 'active' }).where('id', '=', dave.id).execute();
    }
    // Unbanned, the claim works.
    expect((await claimSocial(t.app, token, 'x')).statusCode).toBe(200);
    expect((await checkInvariant(t.deps.db)).ok).toBe(true);
  });

  it('an unknown social is 404 and credits nothing; a malformed id is refused', async () => {
    const { token } = await t.login('XssTester');
    const me = await accountNamed(t.deps.db, 'XssTester');
    const res = await claimSocial(t.app, token, 'myspace');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    const long = await claimSocial(t.app, token, 'a'.repeat(41));
    expect(long.statusCode).toBe(400);
    expect(await ledgerEntries(t.deps.db, { userId: me.id, kind: 'social' })).toHaveLength(0);
    expect((await accountNamed(t.deps.db, 'XssTester')).balance).toBe(0);
  });

  it('both endpoints need a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/socials' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/socials/youtube/claim' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const forged = await claimSocial(t.app, 'not-a-real-token', 'youtube');
    expect(forged.statusCode).toBe(401);
  });
});
