import { describe, expect, it } from 'vitest';
import { testEngine } from './support/test-database.ts';
import { bearer } from './support/test-app.ts';
import { openTestApp, t } from './support/suite.ts';
import { setPlayerStatus } from './support/accounts.ts';
import { rowCount } from './support/records.ts';

describe(`sign-in and own-account reads on ${testEngine}`, () => {
  openTestApp();

  it('a known name gets a session and the spec login fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'AliceRBX' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      user: {
        username: 'AliceRBX',
        displayName: 'Alice',
        robloxId: 1001,
        referralsMade: 0,
        referralsEarned: 0,
      },
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const stored = await t.deps.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(body.token);
  });

  it('the same name again is the same account; the name is trimmed and matched without case', async () => {
    const before = await rowCount(t.deps.db, 'users');
    const a = await t.login('AliceRBX');
    const b = await t.login(' alicerbx ');
    expect(b.status).toBe(200);
    expect(b.body.user.username).toBe('AliceRBX');
    expect(b.body.user.robloxId).toBe(a.body.user.robloxId);
    expect(b.token).not.toBe(a.token);
    expect(await rowCount(t.deps.db, 'users')).toBe(before);
  });

  it('an unknown name fails with success:false and creates nothing', async () => {
    const before = await rowCount(t.deps.db, 'users');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'NoSuchPlayer42' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', error: expect.any(String) });
    expect(await rowCount(t.deps.db, 'users')).toBe(before);
  });

  it('an empty or malformed name is a 400 naming the field', async () => {
    for (const username of ['', '   ', 'bad name!', 'x'.repeat(21)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error: expect.stringContaining('username') });
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('Roblox down: a clear 503 and no account created', async () => {
    const before = await rowCount(t.deps.db, 'users');
    await t.control('POST', '/mode', { mode: 'down' });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'CarolPlays' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'ROBLOX_UNAVAILABLE',
        error: 'Roblox is not responding, please try again',
      });
    } finally {
      await t.control('POST', '/mode', { mode: 'up' });
    }
    expect(await rowCount(t.deps.db, 'users')).toBe(before);
    expect((await t.login('CarolPlays')).status).toBe(200);
  });

  it('a typed sign-in binds no referrer: the ref waits on its session, never to oneself', async () => {
    const alice = await t.login('AliceRBX');
    const bob = await t.login('BobBuilder', 'alicerbx');
    expect(bob.status).toBe(200);
    const dave = await t.login('DaveTheBrave', 'DaveTheBrave'); // self: ignored
    expect(dave.status).toBe(200);
    // Anyone may type any name: the referrer is chosen only by the browser that proves the account
    // (referrals.test.ts), so the account itself has none yet.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profile/AliceRBX',
      headers: bearer(alice.token),
    });
    expect(profile.json().referralsMade).toBe(0);
    const referred = await t.deps.db
      .selectFrom('users')
      .select('username')
      .where('referred_by', 'is not', null)
      .execute();
    expect(referred).toEqual([]);
    const waiting = await t.deps.db
      .selectFrom('sessions as s')
      .innerJoin('users as f', 'f.id', 's.user_id')
      .innerJoin('users as r', 'r.id', 's.ref_user_id')
      .select(['f.username', 'r.username as referrer'])
      .execute();
    expect(waiting).toEqual([{ username: 'BobBuilder', referrer: 'AliceRBX' }]);
  });

  it("a player reads their own /api/user and /api/profile, never another player's", async () => {
    const alice = await t.login('AliceRBX');
    const bob = await t.login('BobBuilder');
    const me = await t.app.inject({ method: 'GET', url: '/api/user/AliceRBX', headers: bearer(alice.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: 'AliceRBX',
      robloxId: 1001,
      robux: 0,
      verified: false,
      status: 'active',
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profile/alicerbx',
      headers: bearer(alice.token),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ username: 'AliceRBX', offersCompleted: 0, verified: false });
    expect(profile.json().verificationCode).toMatch(/^[a-z]+( [a-z]+){5}$/);

    for (const url of ['/api/user/AliceRBX', '/api/profile/AliceRBX']) {
      const other = await t.app.inject({ method: 'GET', url, headers: bearer(bob.token) });
      expect(other.statusCode).toBe(403);
      expect(other.json().code).toBe('FORBIDDEN');
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      const forged = await t.app.inject({ method: 'GET', url, headers: bearer('not-a-real-token') });
      expect(forged.statusCode).toBe(401);
    }
  });

  it('logout revokes the session on the server', async () => {
    const { token } = await t.login('AliceRBX');
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/user/AliceRBX', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('sessions expire after SESSION_TTL_DAYS', async () => {
    const { token } = await t.login('AliceRBX');
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/AliceRBX', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    } finally {
      t.clock.advance(-31 * 24 * 60 * 60 * 1000);
    }
  });

  it('a banned account cannot sign in, and is told why', async () => {
    await t.login('DaveTheBrave');
    await setPlayerStatus(t.deps.db, 'DaveTheBrave', 'banned');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'DaveTheBrave' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'BANNED',
      error: expect.stringContaining('banned'),
    });
    await setPlayerStatus(t.deps.db, 'DaveTheBrave', 'active');
  });

  it('a display name with HTML is stored and returned as plain data', async () => {
    const res = await t.login('XssTester');
    expect(res.body.user.displayName).toBe('<img src=x onerror=alert(1)>');
  });

  it('roblox-lookup answers the spec shape; avatar serves an image; health reports both parts', async () => {
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/roblox-lookup',
      payload: { username: 'bobbuilder' },
    });
    expect(found.json()).toEqual({
      data: [{ id: 1002, name: 'BobBuilder', displayName: expect.any(String) }],
    });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/roblox-lookup',
      payload: { username: 'NoSuchPlayer42' },
    });
    expect(none.json()).toEqual({ data: [] });

    const avatar = await t.app.inject({ method: 'GET', url: '/api/avatar/1001' });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toMatch(/^image\//);
    expect(avatar.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const bad = await t.app.inject({ method: 'GET', url: '/api/avatar/abc' });
    expect(bad.statusCode).toBe(400);

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok', database: 'ok', roblox: 'ok' });
  });

  it('unknown API paths and malformed JSON are JSON errors', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toHaveProperty('error');
  });
});
