import { beforeAll, describe, expect, it } from 'vitest';
import { checkInvariant, postAlone } from '../src/modules/ledger/service.ts';
import { ManualClock } from '../src/shared/clock.ts';
import { adminCookie } from './support/admin.ts';
import { testEngine } from './support/test-database.ts';
import { bearer, createTestApp } from './support/test-app.ts';
import { openTestApp, t } from './support/suite.ts';

let cookie: string;
let aliceId: number;

describe(`admin user management on ${testEngine}`, () => {
  openTestApp();
  beforeAll(async () => {
    cookie = await adminCookie(t);
    await t.login('AliceRBX');
    await t.login('BobBuilder');
    await t.login('CarolPlays');
    const row = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'AliceRBX')
      .executeTakeFirstOrThrow();
    aliceId = row.id;
  });

  it('every admin endpoint answers 401 without the admin session, also for a player token', async () => {
    const player = await t.login('AliceRBX');
    const calls = [
      { method: 'GET' as const, url: '/api/all-users' },
      { method: 'PUT' as const, url: `/api/toggle-ban/${aliceId}`, payload: { status: 'banned' } },
      { method: 'POST' as const, url: '/api/admin/add-points', payload: { userId: aliceId, points: 5 } },
      { method: 'GET' as const, url: `/api/admin/users/${aliceId}/ledger` },
      { method: 'GET' as const, url: '/api/admin/audit' },
    ];
    for (const call of calls) {
      for (const headers of [{}, bearer(player.token), { cookie: 'admin_session=forged' }]) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      }
    }
    const status = await t.deps.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', aliceId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('active');
  });

  it('without the session a malformed admin call is still a 401, never a 400', async () => {
    const calls = [
      { method: 'PUT' as const, url: '/api/toggle-ban/abc', payload: { status: 42 } },
      { method: 'POST' as const, url: '/api/admin/add-points', payload: '{not json' },
      { method: 'GET' as const, url: '/api/all-users?page=-5' },
      { method: 'POST' as const, url: '/api/admin/promocodes', payload: {} },
      { method: 'GET' as const, url: '/api/admin/nothing-here' },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });

  it('lists users with paging and a name search', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/all-users?pageSize=2', headers: { cookie } });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(all.json().users).toHaveLength(2);
    expect(all.json().users[0]).toMatchObject({
      _id: expect.any(Number),
      username: expect.any(String),
      earnings: 0,
      status: 'active',
    });
    const page2 = await t.app.inject({
      method: 'GET',
      url: '/api/all-users?pageSize=2&page=2',
      headers: { cookie },
    });
    expect(page2.json().users).toHaveLength(1);
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/all-users?search=ALI',
      headers: { cookie },
    });
    expect(found.json().users.map((u: { username: string }) => u.username)).toEqual(['AliceRBX']);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/all-users?search=%25_zz',
      headers: { cookie },
    });
    expect(none.json()).toMatchObject({ users: [], total: 0 });
  });

  it('add points: 0, -1, 1.5 and "x" refused with "Invalid points"; 25 credited, in the ledger and the audit log', async () => {
    for (const points of [0, -1, 1.5, 'x', null, '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/add-points',
        headers: { cookie },
        payload: { userId: aliceId, points },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Invalid points');
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/add-points',
      headers: { cookie },
      payload: { userId: aliceId, points: 25, reason: 'support' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ newEarnings: 25, balance: 25 });

    const player = await t.login('AliceRBX');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/AliceRBX',
      headers: bearer(player.token),
    });
    expect(me.json()).toMatchObject({ robux: 25, earnings: 0 });

    const ledger = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${aliceId}/ledger`,
      headers: { cookie },
    });
    expect(ledger.json().entries).toEqual([
      expect.objectContaining({
        amount: 25,
        kind: 'admin',
        params: { reason: 'support' },
        description: 'Admin grant: support',
      }),
    ]);
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie } });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'user.add_points',
      target: `user:${aliceId}`,
      after: { balance: 25, points: 25 },
    });
    expect((await checkInvariant(t.deps.db)).ok).toBe(true);
  });

  it('an Idempotency-Key makes a repeated grant count once, per player', async () => {
    const bobId = (
      await t.deps.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'BobBuilder')
        .executeTakeFirstOrThrow()
    ).id;
    const send = (userId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/add-points',
        headers: { cookie, 'idempotency-key': 'grant-1' },
        payload: { userId, points: 10 },
      });
    const [a, b] = await Promise.all([send(aliceId), send(aliceId)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    // The same key for another player is another grant, not a repeat of Alice's.
    expect((await send(bobId)).statusCode).toBe(200);
    const entries = await t.deps.db
      .selectFrom('ledger_entries')
      .select(['user_id', 'amount'])
      .where('kind', '=', 'admin')
      .where('idempotency_key', 'like', '%grant-1')
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.user_id, Number(e.amount)])).toEqual([
      [aliceId, 1000],
      [bobId, 1000],
    ]);
  });

  it('unknown user: 404 for ban and points', async () => {
    const ban = await t.app.inject({
      method: 'PUT',
      url: '/api/toggle-ban/99999',
      headers: { cookie },
      payload: { status: 'banned' },
    });
    expect(ban.statusCode).toBe(404);
    const pts = await t.app.inject({
      method: 'POST',
      url: '/api/admin/add-points',
      headers: { cookie },
      payload: { userId: 99999, points: 5 },
    });
    expect(pts.statusCode).toBe(404);
  });

  it('ban: the player cannot sign in or use a live session to change state; unban restores them', async () => {
    const before = await t.login('BobBuilder');
    const bob = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'BobBuilder')
      .executeTakeFirstOrThrow();
    const ban = await t.app.inject({
      method: 'PUT',
      url: `/api/toggle-ban/${bob.id}`,
      headers: { cookie },
      payload: { status: 'banned' },
    });
    expect(ban.json()).toEqual({ _id: bob.id, status: 'banned' });
    expect((await t.login('BobBuilder')).status).toBe(403);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/BobBuilder',
      headers: bearer(before.token),
    });
    expect(me.json().status).toBe('banned');

    const unban = await t.app.inject({
      method: 'PUT',
      url: `/api/toggle-ban/${bob.id}`,
      headers: { cookie },
      payload: { status: 'active' },
    });
    expect(unban.json().status).toBe('active');
    expect((await t.login('BobBuilder')).status).toBe(200);
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie } });
    const actions = audit.json().entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['user.ban', 'user.unban']));
  });

  it('toggle-ban refuses a status other than active or banned', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/toggle-ban/${aliceId}`,
      headers: { cookie },
      payload: { status: 'deleted' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe(`admin overview on ${testEngine}`, () => {
  it('totals and 30 days of earned, withdrawn and new players', async () => {
    const o = await createTestApp();
    try {
      const c = await adminCookie(o);
      const alice = await o.login('AliceRBX');
      await o.login('BobBuilder');
      await o.app.inject({ method: 'POST', url: '/api/socials/youtube/claim', headers: bearer(alice.token) });
      const aliceRow = await o.deps.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'AliceRBX')
        .executeTakeFirstOrThrow();
      await o.app.inject({
        method: 'POST',
        url: '/api/admin/add-points',
        headers: { cookie: c },
        payload: { userId: aliceRow.id, points: 7 },
      });
      const res = await o.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie: c } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.totals).toEqual({
        players: 2,
        earned: 1.5,
        withdrawn: 0,
        withdrawalsWaiting: 0,
        postbacksToday: 0,
      });
      expect(body.days).toHaveLength(30);
      expect(body.days.at(-1)).toEqual({ day: '2026-03-02', earned: 1.5, withdrawn: 0, newPlayers: 2 });
      expect(body.days[0].day).toBe('2026-02-01');

      // Entries written after the first read: an offer 40 days ago (in the total, not in the 30 days),
      // a withdrawal and its partial refund on 2026-02-20, a reversal (not an earning) today.
      const at = (iso: string) => new ManualClock(new Date(iso));
      const u = aliceRow.id;
      await postAlone(o.deps.db, at('2026-01-21T10:00:00Z'), {
        userId: u,
        amount: 2000,
        kind: 'offer',
        key: 'ov:offer',
        params: { wall: 'Test' },
      });
      await postAlone(o.deps.db, at('2026-02-20T10:00:00Z'), {
        userId: u,
        amount: -1000,
        kind: 'withdrawal',
        key: 'ov:w',
        params: {},
      });
      await postAlone(o.deps.db, at('2026-02-20T11:00:00Z'), {
        userId: u,
        amount: 400,
        kind: 'withdrawal_refund',
        key: 'ov:r',
        params: {},
      });
      await postAlone(o.deps.db, at('2026-03-02T09:00:00Z'), {
        userId: u,
        amount: -50,
        kind: 'reversal',
        key: 'ov:rev',
        params: { reverses: 'offer', wall: 'Test' },
        allowNegative: true,
      });
      const again = (
        await o.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie: c } })
      ).json();
      expect(again.totals).toMatchObject({ earned: 21.5, withdrawn: 6 });
      expect(again.days.find((d: { day: string }) => d.day === '2026-02-20')).toEqual({
        day: '2026-02-20',
        earned: 0,
        withdrawn: 6,
        newPlayers: 0,
      });
      expect(again.days.at(-1)).toEqual({ day: '2026-03-02', earned: 1.5, withdrawn: 0, newPlayers: 2 });
      expect(again.days.reduce((sum: number, d: { earned: number }) => sum + d.earned, 0)).toBe(1.5);
      expect((await checkInvariant(o.deps.db)).ok).toBe(true);
      const anonymous = await o.app.inject({ method: 'GET', url: '/api/admin/overview' });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      await o.close();
    }
  });
});
