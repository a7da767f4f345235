import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { staffPermissions } from '@rewards/contracts';
import { hashPassword } from '../src/modules/admin/staff-secrets.ts';
import { testEngine } from './support/test-database.ts';
import { TEST_ADMIN_PASSWORD } from './support/test-app.ts';
import { openTestApp, t } from './support/suite.ts';
import { adminCookie, adminSignIn } from './support/admin.ts';
import { addressesIn } from './support/calls.ts';
import { creditRobux } from './support/ledger.ts';
import { balanceOf, userIdOf } from './support/accounts.ts';
import { expectPostbackCredited } from './support/postbacks.ts';
import { signInPlayer, verifyPlayer } from './support/players.ts';
import { requestWithdrawal } from './support/gamepasses.ts';
import { auditRows } from './support/records.ts';
import { firstSetCookie } from './support/site.ts';
import { consoleCall, signedInStaff, STAFF_PASSWORD, totpAt } from './support/staff.ts';

/**
 * Staff accounts: named members with Argon2id passwords, TOTP two-factor sign-in with
 * one-time recovery codes, roles checked on every admin route, the audit log naming who did what,
 * per-account and per-address sign-in limits, the Origin check on state-changing admin calls.
 */

/** Each sign-in from its own address, so the per-address limits of other tests never interfere. */
const nextIp = addressesIn('10.20');

describe(`staff accounts on ${testEngine}`, () => {
  openTestApp({ env: { REVIEW_FIRST_WITHDRAWAL: 'true', MODERATOR_APPROVE_LIMIT: '20' } });

  it('every admin route declares the permission it needs (a new route cannot forget)', () => {
    const routes = t.app.adminRoutes.filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(35);
    const undeclared = routes.filter((r) => !r.permission || !staffPermissions.includes(r.permission));
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // Every admin route of the API is in the walk (the walk is not missing a module's routes).
    const api = t.app.routeList.filter((r) => /^\/api\/(admin\/|all-users|toggle-ban)/.test(r.url));
    const walked = new Set(t.app.adminRoutes.map((r) => `${r.method} ${r.url}`));
    const open = ['POST /api/admin/login', 'POST /api/admin/logout'];
    expect(api.map((r) => `${r.method} ${r.url}`).filter((r) => !walked.has(r) && !open.includes(r))).toEqual(
      [],
    );
  });

  it('a moderator bans and unbans, and gets 403 for points, walls and staff; the audit log names them', async () => {
    const mod = await signedInStaff(t, 'moderator', { address: nextIp() });
    const player = await signInPlayer(t, `Modded_${randomUUID().slice(0, 6)}`);
    const userId = await userIdOf(t.deps.db, player.robloxId);

    const ban = await consoleCall(t, mod.cookie, 'PUT', `/api/toggle-ban/${userId}`, { status: 'banned' });
    expect(ban.statusCode, ban.body).toBe(200);
    expect(
      (await consoleCall(t, mod.cookie, 'PUT', `/api/toggle-ban/${userId}`, { status: 'active' })).statusCode,
    ).toBe(200);

    const refused = [
      await consoleCall(t, mod.cookie, 'POST', '/api/admin/add-points', { userId, points: 10 }),
      await consoleCall(t, mod.cookie, 'POST', '/api/admin/walls', { slug: 'x', name: 'X' }),
      await consoleCall(t, mod.cookie, 'PATCH', '/api/admin/walls/cpx', { enabled: false }),
      await consoleCall(t, mod.cookie, 'POST', '/api/admin/staff', {
        username: 'sneaky',
        password: STAFF_PASSWORD,
        role: 'owner',
      }),
      await consoleCall(t, mod.cookie, 'POST', '/api/admin/promocodes', {}),
      await consoleCall(t, mod.cookie, 'POST', '/api/admin/payout-account/resume'),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', error: 'Your role (moderator) cannot do this.' });
    }
    // Reading is open to them.
    expect((await consoleCall(t, mod.cookie, 'GET', '/api/all-users')).statusCode).toBe(200);
    expect((await consoleCall(t, mod.cookie, 'GET', '/api/admin/postbacks')).statusCode).toBe(200);

    const bans = await auditRows(t.deps.db, { target: `user:${userId}` });
    expect(bans.map((r) => [r.action, r.actor])).toEqual(
      expect.arrayContaining([
        ['user.ban', mod.name],
        ['user.unban', mod.name],
      ]),
    );
    const owner = await adminCookie(t);
    const filtered = await consoleCall(t, owner, 'GET', `/api/admin/audit?actor=${mod.name}`);
    expect(filtered.statusCode).toBe(200);
    const entries = filtered.json().entries as { actor: string; action: string }[];
    expect(entries.map((e) => e.action)).toEqual(['user.unban', 'user.ban', 'admin.login']);
    expect(new Set(entries.map((e) => e.actor))).toEqual(new Set([mod.name]));
    // The bootstrap owner's own rows carry its name.
    const points = await consoleCall(t, owner, 'POST', '/api/admin/add-points', { userId, points: 5 });
    expect(points.statusCode).toBe(200);
    expect((await auditRows(t.deps.db, { action: 'user.add_points' })).at(-1)!.actor).toBe(
      'owner (bootstrap)',
    );
  });

  it('a moderator approves review-queue withdrawals up to MODERATOR_APPROVE_LIMIT, not above', async () => {
    const mod = await signedInStaff(t, 'moderator', { address: nextIp() });
    const withdrawal = async (robux: number) => {
      const p = await signInPlayer(t, `Payee_${randomUUID().slice(0, 6)}`);
      await verifyPlayer(t, p, '');
      await creditRobux(t.deps.db, t.clock, await userIdOf(t.deps.db, p.robloxId), 100);
      const res = await requestWithdrawal(t, p, robux);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.withdrawal.state).toBe('in_review');
      return res.body.withdrawal.id as number;
    };
    const big = await withdrawal(30);
    const above = await consoleCall(t, mod.cookie, 'POST', `/api/admin/withdrawals/${big}/decide`, {
      decision: 'approve',
    });
    expect(above.statusCode).toBe(403);
    expect(above.json()).toMatchObject({
      code: 'FORBIDDEN',
      error: 'Your role (moderator) can approve withdrawals up to R$ 20; this one is R$ 30. Ask an owner.',
    });
    // Refusing it (money back to the player) is a review decision they may take.
    const small = await withdrawal(15);
    const ok = await consoleCall(t, mod.cookie, 'POST', `/api/admin/withdrawals/${small}/decide`, {
      decision: 'approve',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await auditRows(t.deps.db, { target: `withdrawal:${small}` })).at(-1)).toMatchObject({
      actor: mod.name,
    });
    // The owner approves above the limit; marking paid stays the owner's.
    expect(
      (await consoleCall(t, mod.cookie, 'POST', `/api/admin/withdrawals/${small}/paid`)).statusCode,
    ).toBe(403);
    const owner = await adminCookie(t);
    expect(
      (await consoleCall(t, owner, 'POST', `/api/admin/withdrawals/${big}/decide`, { decision: 'approve' }))
        .statusCode,
    ).toBe(200);
  });

  it('wrong codes to turn two-factor sign-in off are limited as at sign-in', async () => {
    const m = await signedInStaff(t, 'moderator', { address: nextIp() });
    const { secret } = (await consoleCall(t, m.cookie, 'POST', '/api/admin/me/totp/setup')).json();
    const now = t.clock.now().getTime();
    const on = await consoleCall(t, m.cookie, 'POST', '/api/admin/me/totp/enable', {
      code: totpAt(secret, now),
    });
    expect(on.statusCode, on.body).toBe(200);
    const valid = new Set([-30_000, 0, 30_000].map((d) => totpAt(secret, now + d)));
    const wrong = Array.from({ length: 20 }, (_, i) => String(i).padStart(6, '0')).filter(
      (c) => !valid.has(c),
    );
    const statuses: number[] = [];
    for (const code of wrong.slice(0, 6)) {
      statuses.push(
        (await consoleCall(t, m.cookie, 'POST', '/api/admin/me/totp/disable', { code })).statusCode,
      );
    }
    // A borrowed session guesses no faster than the sign-in page allows (5 a member in 15 minutes).
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await consoleCall(t, m.cookie, 'GET', '/api/admin/me')).json()).toMatchObject({
      totpEnabled: true,
    });
  });

  it('a held postback above MODERATOR_APPROVE_LIMIT is the owner’s to approve', async () => {
    const mod = await signedInStaff(t, 'moderator', { address: nextIp() });
    const p = await signInPlayer(t, `Held_${randomUUID().slice(0, 6)}`);
    // Without its USD payout, CPX's credit waits for a person's decision.
    const heldId = async (trans: string, local: string) => {
      await expectPostbackCredited(t, { trans, user: p.robloxId, local, usd: null });
      const row = await t.deps.db
        .selectFrom('postbacks')
        .select(['id', 'verdict'])
        .where('trans_id', '=', trans)
        .executeTakeFirstOrThrow();
      expect(row.verdict).toBe('held');
      return row.id;
    };
    const small = await heldId(`held-small-${p.robloxId}`, '20.00');
    const big = await heldId(`held-big-${p.robloxId}`, '20.01');
    const approve = (cookie: string, id: number) =>
      consoleCall(t, cookie, 'POST', `/api/admin/postbacks/${id}/approve`);

    expect((await approve(mod.cookie, small)).json()).toMatchObject({ outcome: 'credited' });
    const refused = await approve(mod.cookie, big);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      error: 'Your role (moderator) can approve postbacks up to R$ 20; this one is R$ 20.01. Ask an owner.',
    });
    // Refused before anything changed: it still waits, and the owner approves it.
    expect((await approve(await adminCookie(t), big)).json()).toMatchObject({ outcome: 'credited' });
    expect(await balanceOf(t.deps.db, await userIdOf(t.deps.db, p.robloxId))).toBe(40.01);
  });

  it('a moderator cannot undo a rejection by replaying the postback and approving the copy', async () => {
    const owner = await adminCookie(t);
    const mod = await signedInStaff(t, 'moderator', { address: nextIp() });
    const p = await signInPlayer(t, `Rej_${randomUUID().slice(0, 6)}`);
    const trans = `rej-${p.robloxId}`;
    await expectPostbackCredited(t, { trans, user: p.robloxId, local: '15.00', usd: null });
    const held = await t.deps.db
      .selectFrom('postbacks')
      .select('id')
      .where('trans_id', '=', trans)
      .executeTakeFirstOrThrow();
    expect((await consoleCall(t, owner, 'POST', `/api/admin/postbacks/${held.id}/reject`)).statusCode).toBe(
      200,
    );

    const replay = await consoleCall(t, mod.cookie, 'POST', `/api/admin/postbacks/${held.id}/replay`);
    expect(replay.json()).toMatchObject({ verdict: 'held' });
    const copy = replay.json().postbackId as number;
    const refused = await consoleCall(t, mod.cookie, 'POST', `/api/admin/postbacks/${copy}/approve`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      `This transaction was rejected before (postback #${held.id}): only an owner can approve it now.`,
    );
    expect(await balanceOf(t.deps.db, await userIdOf(t.deps.db, p.robloxId))).toBe(0);
    // The owner may change their mind.
    expect(
      (await consoleCall(t, owner, 'POST', `/api/admin/postbacks/${copy}/approve`)).json(),
    ).toMatchObject({
      outcome: 'credited',
    });
  });

  it('a withdrawal split under MODERATOR_APPROVE_LIMIT is the owner’s: the moderator’s limit counts the player’s 24 hours', async () => {
    const mod = await signedInStaff(t, 'moderator', { address: nextIp() });
    const p = await signInPlayer(t, `Splitter_${randomUUID().slice(0, 6)}`);
    await verifyPlayer(t, p, '');
    await creditRobux(t.deps.db, t.clock, await userIdOf(t.deps.db, p.robloxId), 100);
    // R$ 30 in two R$ 15 requests: each under the R$ 20 limit, both in review (none paid yet).
    const ids: number[] = [];
    for (const robux of [15, 15]) {
      const res = await requestWithdrawal(t, p, robux);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.withdrawal.state).toBe('in_review');
      ids.push(res.body.withdrawal.id as number);
    }
    // The first is the moderator's (R$ 15 in its 24 hours); the second makes R$ 30.
    const first = await consoleCall(t, mod.cookie, 'POST', `/api/admin/withdrawals/${ids[0]}/decide`, {
      decision: 'approve',
    });
    expect(first.statusCode, first.body).toBe(200);
    const refused = await consoleCall(t, mod.cookie, 'POST', `/api/admin/withdrawals/${ids[1]}/decide`, {
      decision: 'approve',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      error:
        "Your role (moderator) can approve withdrawals up to R$ 20 a player in 24 hours; this one is R$ 15, and the player's withdrawals in the 24 hours up to it total R$ 30. Ask an owner.",
    });
    // The owner has no limit: it goes from review to payment.
    const owner = await adminCookie(t);
    const res = await consoleCall(t, owner, 'POST', `/api/admin/withdrawals/${ids[1]}/decide`, {
      decision: 'approve',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().withdrawal.state).toBe('pending');
  });

  it('the moderator’s 24 hours leave out a rejected withdrawal and one asked for more than 24 hours before', async () => {
    let mod = await signedInStaff(t, 'moderator', { address: nextIp() });
    const p = await signInPlayer(t, `Small_${randomUUID().slice(0, 6)}`);
    await verifyPlayer(t, p, '');
    await creditRobux(t.deps.db, t.clock, await userIdOf(t.deps.db, p.robloxId), 100);
    const ask = async (robux: number) => {
      const res = await requestWithdrawal(t, p, robux);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.withdrawal.state).toBe('in_review');
      return res.body.withdrawal.id as number;
    };
    const decide = (id: number, decision: 'approve' | 'refund') =>
      consoleCall(t, mod.cookie, 'POST', `/api/admin/withdrawals/${id}/decide`, { decision });

    // A rejected R$ 15 (refunded to the balance) does not count: the next R$ 15 is the moderator’s.
    expect((await decide(await ask(15), 'refund')).statusCode).toBe(200);
    const single = await decide(await ask(15), 'approve');
    expect(single.statusCode, single.body).toBe(200);
    // A R$ 10 the same day would make R$ 25 (the approved R$ 15 counts).
    const sameDay = await ask(10);
    expect((await decide(sameDay, 'approve')).json()).toMatchObject({
      code: 'FORBIDDEN',
      error:
        "Your role (moderator) can approve withdrawals up to R$ 20 a player in 24 hours; this one is R$ 10, and the player's withdrawals in the 24 hours up to it total R$ 25. Ask an owner.",
    });
    expect((await decide(sameDay, 'refund')).statusCode).toBe(200);

    // More than 24 hours later (the console session has ended) the earlier R$ 15 is out of the window.
    t.clock.advance(24 * 60 * 60_000 + 1000);
    mod = await signedInStaff(t, 'moderator', { address: nextIp() });
    const nextDay = await decide(await ask(10), 'approve');
    expect(nextDay.statusCode, nextDay.body).toBe(200);
  });

  it('a percent-encoded admin path is checked as the route it reaches: 401 without a session, 403 without the role', async () => {
    // The router decodes the path, so `/api/%61dmin/staff` is `POST /api/admin/staff`.
    const encoded = (url: string) =>
      url.replace(/^\/api\/(.)/, (_, c: string) => `/api/%${c.charCodeAt(0).toString(16)}`);
    const routes = t.app.adminRoutes.filter((r) => r.method !== 'HEAD');
    const support = await signedInStaff(t, 'support', { address: nextIp() });
    for (const route of routes) {
      const url = encoded(route.url.replace(/:[A-Za-z]+/g, '1'));
      const body = route.method === 'GET' ? undefined : {};
      const stranger = await consoleCall(t, null, route.method, url, body);
      expect([route.method, url, stranger.statusCode]).toEqual([route.method, url, 401]);
      if (route.method === 'GET' || route.permission === 'self') continue;
      const supported = await consoleCall(t, support.cookie, route.method, url, body);
      expect([route.method, url, supported.statusCode]).toEqual([route.method, url, 403]);
    }
    // A path no route answers is a 401 too, encoded or not: a stranger cannot map the console.
    for (const url of ['/api/admin/nothing-here', encoded('/api/admin/nothing-here')])
      expect([url, (await consoleCall(t, null, 'GET', url)).statusCode]).toEqual([url, 401]);
    // The Origin check of the open sign-in follows the route too.
    const login = await consoleCall(
      t,
      null,
      'POST',
      encoded('/api/admin/login'),
      { password: TEST_ADMIN_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(login.statusCode).toBe(403);
  });

  it('support reads every GET and gets 403 on every state-changing admin call (their own account aside)', async () => {
    const support = await signedInStaff(t, 'support', { address: nextIp() });
    for (const route of t.app.adminRoutes.filter((r) => r.method !== 'HEAD')) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const res = await consoleCall(
        t,
        support.cookie,
        route.method,
        url,
        route.method === 'GET' ? undefined : {},
      );
      if (route.permission === 'self') {
        // Their own password and two-factor sign-in.
        expect([route.url, res.statusCode === 403]).toEqual([route.url, false]);
      } else if (route.method !== 'GET') {
        expect([route.method, route.url, res.statusCode]).toEqual([route.method, route.url, 403]);
      } else if (route.permission === 'staff.manage' || route.permission === 'economics.read') {
        // The staff list (names are half of a sign-in) is the owner's; money totals are not support's.
        expect([route.url, res.statusCode]).toEqual([route.url, 403]);
      } else {
        // Read: allowed (a made-up id may be 404, never 403).
        expect([route.url, res.statusCode === 403]).toEqual([route.url, false]);
        if (!route.url.includes(':')) expect([route.url, res.statusCode]).toEqual([route.url, 200]);
      }
    }
    const me = await consoleCall(t, support.cookie, 'GET', '/api/admin/me');
    expect(me.json()).toMatchObject({
      username: support.name,
      role: 'support',
      bootstrap: false,
      permissions: ['read', 'self'],
    });
  });

  it('two-factor sign-in: no code → TOTP_REQUIRED, a wrong code refused, a valid code and a recovery code (once) sign in', async () => {
    const m = await signedInStaff(t, 'moderator', { address: nextIp() });
    const setup = await consoleCall(t, m.cookie, 'POST', '/api/admin/me/totp/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUri, qrDataUrl } = setup.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // Sealed at rest.
    const row = await t.deps.db
      .selectFrom('staff')
      .selectAll()
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);

    const now = t.clock.now().getTime();
    expect(
      (
        await consoleCall(t, m.cookie, 'POST', '/api/admin/me/totp/enable', {
          code: totpAt(secret, now + 600_000),
        })
      ).statusCode,
    ).toBe(400);
    const enabled = await consoleCall(t, m.cookie, 'POST', '/api/admin/me/totp/enable', {
      code: totpAt(secret, now),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes = enabled.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    const stored = await t.deps.db
      .selectFrom('staff')
      .select('recovery_codes')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(stored.recovery_codes).not.toContain(codes[0]!);

    const noCode = await adminSignIn(t.app, { username: m.name, password: STAFF_PASSWORD }, nextIp());
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toMatchObject({ code: 'TOTP_REQUIRED' });
    expect(noCode.headers['set-cookie']).toBeUndefined();

    const wrong = await adminSignIn(
      t.app,
      { username: m.name, password: STAFF_PASSWORD, code: totpAt(secret, now + 600_000) },
      nextIp(),
    );
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    // The code that turned it on is used up, and so is an older one; the next step counts (clock
    // drift of ±30 s), once.
    for (const used of [totpAt(secret, now), totpAt(secret, now - 30_000)]) {
      const replay = await adminSignIn(
        t.app,
        { username: m.name, password: STAFF_PASSWORD, code: used },
        nextIp(),
      );
      expect([replay.statusCode, replay.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    }
    const valid = await adminSignIn(
      t.app,
      { username: m.name, password: STAFF_PASSWORD, code: totpAt(secret, now + 30_000) },
      nextIp(),
    );
    expect(valid.statusCode, valid.body).toBe(200);
    const replayed = await adminSignIn(
      t.app,
      { username: m.name, password: STAFF_PASSWORD, code: totpAt(secret, now + 30_000) },
      nextIp(),
    );
    expect([replayed.statusCode, replayed.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    const me = await consoleCall(t, firstSetCookie(valid), 'GET', '/api/admin/me');
    expect(me.json()).toMatchObject({ username: m.name, totpEnabled: true });

    const recovery = await adminSignIn(
      t.app,
      { username: m.name, password: STAFF_PASSWORD, code: codes[3]!.toUpperCase() },
      nextIp(),
    );
    expect(recovery.statusCode, recovery.body).toBe(200);
    const again = await adminSignIn(
      t.app,
      { username: m.name, password: STAFF_PASSWORD, code: codes[3]! },
      nextIp(),
    );
    expect(again.statusCode).toBe(401);
    const left = await t.deps.db
      .selectFrom('staff')
      .select('recovery_codes')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(left.recovery_codes!)).toHaveLength(9);

    // Turning it off needs a code too.
    expect(
      (await consoleCall(t, m.cookie, 'POST', '/api/admin/me/totp/disable', { code: '123456' })).statusCode,
    ).toBe(totpAt(secret, now) === '123456' ? 204 : 400);
    expect(
      (await consoleCall(t, m.cookie, 'POST', '/api/admin/me/totp/disable', { code: codes[0]! })).statusCode,
    ).toBe(204);
    expect(
      (await adminSignIn(t.app, { username: m.name, password: STAFF_PASSWORD }, nextIp())).statusCode,
    ).toBe(200);
  });

  it('5 failed sign-ins of one account (from any addresses) lock it for 15 minutes, with Retry-After', async () => {
    const home = nextIp();
    const m = await signedInStaff(t, 'support', { address: home });
    for (let i = 0; i < 5; i++) {
      expect(
        (await adminSignIn(t.app, { username: m.name, password: `wrong-${i}` }, nextIp())).statusCode,
      ).toBe(401);
    }
    const locked = await adminSignIn(t.app, { username: m.name, password: STAFF_PASSWORD }, nextIp());
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // From where the member signed in before, the strangers' guesses do not keep them out.
    expect((await adminSignIn(t.app, { username: m.name, password: STAFF_PASSWORD }, home)).statusCode).toBe(
      200,
    );
    // Other accounts are not held back.
    const other = await signedInStaff(t, 'support', { address: nextIp() });
    expect(
      (await adminSignIn(t.app, { username: other.name, password: STAFF_PASSWORD }, nextIp())).statusCode,
    ).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect(
      (await adminSignIn(t.app, { username: m.name, password: STAFF_PASSWORD }, nextIp())).statusCode,
    ).toBe(200);
  });

  it('unknown names answer like wrong passwords', async () => {
    const res = await adminSignIn(t.app, { username: 'nobody_here', password: STAFF_PASSWORD }, nextIp());
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', error: 'Incorrect username or password' });
  });

  it('staff management: names are unique, the last owner stays, a disabled member is signed out at once', async () => {
    const owner = await adminCookie(t);
    const boss = await signedInStaff(t, 'owner', { address: nextIp() });
    const dup = await consoleCall(t, owner, 'POST', '/api/admin/staff', {
      username: boss.name.toUpperCase(),
      password: STAFF_PASSWORD,
      role: 'support',
    });
    expect(dup.statusCode).toBe(409);
    expect(
      (
        await consoleCall(t, owner, 'POST', '/api/admin/staff', {
          username: 'shorty',
          password: 'short',
          role: 'support',
        })
      ).statusCode,
    ).toBe(400);

    const owners = (await consoleCall(t, owner, 'GET', '/api/admin/staff'))
      .json()
      .staff.filter((s: any) => s.role === 'owner' && !s.disabled);
    for (const o of owners.slice(1)) {
      expect(
        (await consoleCall(t, owner, 'PATCH', `/api/admin/staff/${o.id}`, { role: 'support' })).statusCode,
      ).toBe(200);
    }
    const last = await consoleCall(t, boss.cookie, 'PATCH', `/api/admin/staff/${owners[0].id}`, {
      disabled: true,
    });
    expect(last.statusCode).toBe(409);

    const mod = await signedInStaff(t, 'moderator', { address: nextIp() });
    const disabled = await consoleCall(t, boss.cookie, 'PATCH', `/api/admin/staff/${mod.id}`, {
      disabled: true,
    });
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await consoleCall(t, mod.cookie, 'GET', '/api/admin/me')).statusCode).toBe(401);
    expect(
      (await adminSignIn(t.app, { username: mod.name, password: STAFF_PASSWORD }, nextIp())).statusCode,
    ).toBe(401);

    const reset = await consoleCall(t, boss.cookie, 'POST', `/api/admin/staff/${mod.id}/reset-password`, {
      password: 'another-long-password',
    });
    expect(reset.statusCode).toBe(204);
    await consoleCall(t, boss.cookie, 'PATCH', `/api/admin/staff/${mod.id}`, { disabled: false });
    expect(
      (await adminSignIn(t.app, { username: mod.name, password: 'another-long-password' }, nextIp()))
        .statusCode,
    ).toBe(200);

    const changed = await consoleCall(t, mod.cookie, 'POST', '/api/admin/me/password', {
      current: 'x',
      next: 'yet-another-password',
    });
    expect(changed.statusCode).toBe(401); // that session ended when the member was disabled
  });

  it('my account: the password changes with the current one; the bootstrap sign-in has no account', async () => {
    const m = await signedInStaff(t, 'support', { address: nextIp() });
    expect(
      (
        await consoleCall(t, m.cookie, 'POST', '/api/admin/me/password', {
          current: 'wrong',
          next: 'a-newer-long-password',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await consoleCall(t, m.cookie, 'POST', '/api/admin/me/password', {
          current: STAFF_PASSWORD,
          next: 'a-newer-long-password',
        })
      ).statusCode,
    ).toBe(204);
    const fresh = await adminSignIn(t.app, { username: m.name, password: 'a-newer-long-password' }, nextIp());
    expect(fresh.statusCode).toBe(200);

    // A session opened with the old password elsewhere ends at the next change; the one that changed it stays.
    const other = firstSetCookie(fresh);
    expect(
      (
        await consoleCall(t, m.cookie, 'POST', '/api/admin/me/password', {
          current: 'a-newer-long-password',
          next: 'the-newest-long-password',
        })
      ).statusCode,
    ).toBe(204);
    expect((await consoleCall(t, other, 'GET', '/api/admin/me')).statusCode).toBe(401);
    expect((await consoleCall(t, m.cookie, 'GET', '/api/admin/me')).statusCode).toBe(200);

    const owner = await adminCookie(t);
    expect((await consoleCall(t, owner, 'GET', '/api/admin/me')).json()).toMatchObject({
      id: null,
      username: 'owner (bootstrap)',
      role: 'owner',
      bootstrap: true,
      permissions: staffPermissions,
    });
    expect((await consoleCall(t, owner, 'POST', '/api/admin/me/totp/setup')).statusCode).toBe(409);
  });

  it('a state-changing admin call from another site’s page is refused; the own origin and no Origin pass', async () => {
    const owner = await adminCookie(t);
    const foreign = await consoleCall(
      t,
      owner,
      'POST',
      '/api/admin/staff',
      { username: 'csrf_made', password: STAFF_PASSWORD, role: 'owner' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'FORBIDDEN', error: 'Cross-site admin request refused.' });
    const nullOrigin = await consoleCall(t, owner, 'POST', '/api/admin/logout', undefined, {
      origin: 'null',
    });
    expect(nullOrigin.statusCode).toBe(403);
    const crossSite = await consoleCall(t, owner, 'POST', '/api/admin/logout', undefined, {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    // A login form on another site cannot sign the browser in either.
    expect(
      (
        await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, nextIp(), undefined, {
          origin: 'https://evil.example',
        })
      ).statusCode,
    ).toBe(403);
    // GETs are not state-changing.
    expect(
      (await consoleCall(t, owner, 'GET', '/api/admin/me', undefined, { origin: 'https://evil.example' }))
        .statusCode,
    ).toBe(200);

    const own = await consoleCall(
      t,
      owner,
      'POST',
      '/api/admin/staff',
      { username: `same_${randomUUID().slice(0, 6)}`, password: STAFF_PASSWORD, role: 'support' },
      { origin: 'http://localhost' },
    );
    expect(own.statusCode, own.body).toBe(201);
  });
});

describe(`ADMIN_BOOTSTRAP=false on ${testEngine}`, () => {
  openTestApp({ env: { ADMIN_BOOTSTRAP: 'false' } });

  it('refuses the ADMIN_PASSWORD sign-in; staff still sign in', async () => {
    const res = await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, nextIp());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(res.headers['set-cookie']).toBeUndefined();

    const now = t.clock.now().toISOString();
    await t.deps.db
      .insertInto('staff')
      .values({
        username: 'Root',
        username_lower: 'root',
        password_hash: await hashPassword(STAFF_PASSWORD),
        role: 'owner',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const staff = await adminSignIn(t.app, { username: 'ROOT', password: STAFF_PASSWORD }, nextIp());
    expect(staff.statusCode, staff.body).toBe(200);
  });
});

describe(`per-address staff sign-in limit on ${testEngine}`, () => {
  openTestApp();

  it('20 failed sign-ins from one address, over any names, hold that address back', async () => {
    const ip = '10.30.0.1';
    for (let i = 0; i < 20; i++) {
      // Past the in-memory "10 a minute" block of the address: a minute apart in batches.
      if (i % 9 === 8) t.clock.advance(61_000);
      const res = await adminSignIn(t.app, { username: `guess${i}`, password: 'wrong-password' }, ip);
      expect(res.statusCode).toBe(401);
    }
    t.clock.advance(61_000);
    const held = await adminSignIn(t.app, { username: 'guess_new', password: 'wrong-password' }, ip);
    expect(held.statusCode).toBe(429);
    expect(held.json().error).toMatch(/from this address/);
    expect(
      (await adminSignIn(t.app, { username: 'guess_new', password: 'wrong-password' }, '10.30.9.9'))
        .statusCode,
    ).toBe(401);
  });
});
