import { describe, expect, it } from 'vitest';
import { testEngine } from './support/test-database.ts';
import { bearer, TEST_ADMIN_PASSWORD } from './support/test-app.ts';
import { firstSetCookie } from './support/site.ts';
import { openTestApp, t } from './support/suite.ts';
import { auditRows } from './support/records.ts';
import { adminCookie, adminSignIn } from './support/admin.ts';
import { consoleCall } from './support/staff.ts';
import { endSessionsOfOldAdminPassword } from '../src/modules/admin/bootstrap-password.ts';

describe(`admin sign-in on ${testEngine}`, () => {
  openTestApp();

  it('a wrong password answers "Incorrect password"; the right one sets an httpOnly, SameSite=Strict cookie', async () => {
    const wrong = await adminSignIn(t.app, 'nope', '10.0.0.1');
    expect(wrong.statusCode).toBe(401);
    // The reason tells a wrong password from an ended session, whatever the page's language.
    expect(wrong.json()).toMatchObject({
      error: 'Incorrect password',
      code: 'UNAUTHENTICATED',
      reason: 'INCORRECT_PASSWORD',
    });

    const ok = await adminSignIn(t.app, TEST_ADMIN_PASSWORD, '10.0.0.1');
    expect(ok.statusCode).toBe(200);
    const setCookie = String(ok.headers['set-cookie']);
    expect(setCookie).toMatch(/admin_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: firstSetCookie(ok) },
    });
    expect(session.statusCode).toBe(200);
    const audit = await auditRows(t.deps.db, { action: 'admin.login' });
    expect(audit.length).toBeGreaterThan(0);
  });

  it('admin calls refuse without the cookie, with a forged one, and with a player token', async () => {
    const player = await t.login('AliceRBX');
    for (const headers of [{}, { cookie: 'admin_session=forged' }, bearer(player.token)]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers });
      expect(res.statusCode).toBe(401);
    }
  });

  it('logout revokes the admin session on the server', async () => {
    const ok = await adminSignIn(t.app, TEST_ADMIN_PASSWORD, '10.0.0.2');
    const cookie = firstSetCookie(ok);
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('11 wrong passwords in a minute block the address, even with the right password, until the window passes', async () => {
    const ip = '10.0.0.3';
    for (let i = 0; i < 11; i++) {
      const res = await adminSignIn(t.app, `wrong${i}`, ip);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await adminSignIn(t.app, TEST_ADMIN_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    // Another address is not affected.
    const other = await adminSignIn(t.app, TEST_ADMIN_PASSWORD, '10.0.0.4');
    expect(other.statusCode).toBe(200);
    t.clock.advance(61_000);
    const later = await adminSignIn(t.app, TEST_ADMIN_PASSWORD, ip);
    expect(later.statusCode).toBe(200);
  });
});

describe(`a changed ADMIN_PASSWORD on ${testEngine}`, () => {
  openTestApp();
  const session = (cookie: string) => consoleCall(t, cookie, 'GET', '/api/admin/session');

  it('ends the sessions opened with the password before, at the next start; an unchanged one ends none', async () => {
    // The first start that keeps the password's hash.
    await endSessionsOfOldAdminPassword(t.deps);
    const before = await adminCookie(t);
    expect((await session(before)).statusCode).toBe(200);
    // A restart with the same password changes nothing.
    expect(await endSessionsOfOldAdminPassword(t.deps)).toBe(false);
    expect((await session(before)).statusCode).toBe(200);

    // The operator changes the leaked password and restarts.
    const changed = { ...t.deps, env: { ...t.deps.env, ADMIN_PASSWORD: 'a-new-admin-password-42' } };
    expect(await endSessionsOfOldAdminPassword(changed)).toBe(true);
    expect((await session(before)).statusCode).toBe(401);
    // The new password's hash is kept: the next start ends nothing more.
    expect(await endSessionsOfOldAdminPassword(changed)).toBe(false);
  });
});
