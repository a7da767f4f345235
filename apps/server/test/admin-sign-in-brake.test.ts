import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { BROWSERS_KEPT } from '../src/modules/admin/console-browsers.ts';
import { adminCookie, adminSignIn } from './support/admin.ts';
import { addressesIn, expectRateLimited } from './support/calls.ts';
import { auditRows } from './support/records.ts';
import { createStaff, STAFF_PASSWORD, totpAt } from './support/staff.ts';
import { testApps } from './support/suite.ts';
import { TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';

/**
 * The site-wide brake on wrong admin and staff passwords (docs/decisions/0004-rate-limits.md) must not
 * lock the owner out: once more than 50 wrong passwords arrived from anywhere, a new browser waits,
 * the right password included, but a browser that signed in to the console before gets in whatever
 * its address now when it signs in as the same one again, and so does a staff member with a valid
 * two-factor code.
 */

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

const newApp = testApps();

/** The `name` cookie the answer set: its value and the whole Set-Cookie line. */
function setCookie(res: Injected, name: string): { value: string; line: string } | undefined {
  const raw = res.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  const line = lines.find((l) => l.startsWith(`${name}=`));
  return line === undefined ? undefined : { value: line.slice(name.length + 1).split(';')[0]!, line };
}

/** The brake's words when it refuses (`expectRateLimited`: 429 with Retry-After, and no session). */
const BRAKE = /^Too many wrong admin passwords on this site/;

/**
 * 200 wrong admin passwords from 200 addresses in one minute (none of them limited per address).
 * Beyond the 51st most are answered 429 without the password being looked at.
 */
async function attack(t: TestApp): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 200; i++) {
    const res = await adminSignIn(
      t.app,
      { password: `guess-${i}` },
      `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    );
    statuses.push(res.statusCode);
    t.clock.advance(250);
  }
  expect(statuses.slice(0, 51)).toEqual(Array(51).fill(401));
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(100);
  return statuses;
}

describe(`the brake on wrong admin passwords on ${testEngine}`, () => {
  it("200 wrong passwords from 200 addresses: the owner's browser that signed in before still gets in from a new address; a new browser waits", async () => {
    const t = await newApp();
    const home = await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, '198.51.100.7');
    expect(home.statusCode).toBe(200);
    const browser = setCookie(home, 'console_browser')!;
    expect(browser.line).toMatch(/; HttpOnly/i);
    expect(browser.line).toMatch(/; SameSite=Strict/i);
    expect(browser.line).toMatch(/; Path=\/api\/admin\/login(;|$)/);
    expect(browser.line).toMatch(/; Max-Age=34560000(;|$)/);
    // Only a keyed hash of the value is stored.
    const stored = await t.deps.db.selectFrom('console_browsers').select('browser_hash').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.browser_hash).not.toContain(browser.value);

    await attack(t);

    // A new browser at a new address waits, with the right password too.
    expectRateLimited(await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, '192.0.2.10'), BRAKE);

    // The owner's browser, now at another address, signs in.
    const owner = await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, '192.0.2.20', browser.value);
    expect(owner.statusCode, owner.body).toBe(200);
    const session = setCookie(owner, 'admin_session')!;
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      cookies: { admin_session: session.value },
    });
    expect(check.statusCode).toBe(200);

    // Each sign-in sets a new value and forgets the one it replaced.
    const renewed = setCookie(owner, 'console_browser')!;
    expect(renewed.value).not.toBe(browser.value);
    expectRateLimited(
      await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, '192.0.2.21', browser.value),
      BRAKE,
    );
    // A made-up value of the right shape is a new browser.
    expectRateLimited(
      await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, '192.0.2.22', 'A'.repeat(32)),
      BRAKE,
    );

    // Another server process on the same database knows the browser.
    const second = await buildApp(t.deps, { logger: false });
    try {
      const there = await second.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password: TEST_ADMIN_PASSWORD },
        remoteAddress: '192.0.2.23',
        cookies: { console_browser: renewed.value },
      });
      expect(there.statusCode, there.body).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('a known browser cookie is worth 5 attempts per window while the brake is on, from however many addresses at once', async () => {
    const t = await newApp();
    const home = await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, '198.51.100.7');
    const browser = setCookie(home, 'console_browser')!.value;
    await attack(t);

    // A copy of the cookie used from 20 addresses at once: 5 attempts get to the password.
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        adminSignIn(t.app, { password: 'copied-cookie' }, `192.0.2.${100 + i}`, browser),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(5);
    for (const refused of burst.filter((r) => r.statusCode !== 401)) expectRateLimited(refused, BRAKE);
    expectRateLimited(
      await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, '192.0.2.130', browser),
      BRAKE,
    );
  });

  it("a staff member's known browser helps only that member: the owner's password and other names wait; the owner's own browser gets in", async () => {
    const t = await newApp();
    const home = await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, '198.51.100.7');
    const ownerBrowser = setCookie(home, 'console_browser')!.value;
    const owner = `admin_session=${setCookie(home, 'admin_session')!.value}`;
    await createStaff(t, { username: 'brake_support', role: 'support', owner });
    await createStaff(t, { username: 'brake_other', role: 'moderator', owner });
    // The lowest role mints a known browser by signing in.
    const desk = await adminSignIn(
      t.app,
      { username: 'brake_support', password: STAFF_PASSWORD },
      '198.51.100.9',
    );
    expect(desk.statusCode, desk.body).toBe(200);
    const supportBrowser = setCookie(desk, 'console_browser')!.value;

    await attack(t);
    const fresh = addressesIn('192.0.2', 10);

    // With the support member's cookie, ADMIN_PASSWORD is as held back as from a new browser, the
    // right one too, and so are another member's name and a name nobody has; none spends the
    // cookie's tries (more attempts than it has).
    for (let i = 0; i < 3; i++) {
      expectRateLimited(
        await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, fresh(), supportBrowser),
        BRAKE,
      );
      expectRateLimited(
        await adminSignIn(
          t.app,
          { username: 'brake_other', password: STAFF_PASSWORD },
          fresh(),
          supportBrowser,
        ),
        BRAKE,
      );
      expectRateLimited(
        await adminSignIn(t.app, { username: 'nobody_here', password: 'x' }, fresh(), supportBrowser),
        BRAKE,
      );
    }
    // Its own member still gets in with it (the name in any case), and the owner with the owner's.
    const self = await adminSignIn(
      t.app,
      { username: 'Brake_Support', password: STAFF_PASSWORD },
      fresh(),
      supportBrowser,
    );
    expect(self.statusCode, self.body).toBe(200);
    const ownerBack = await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, fresh(), ownerBrowser);
    expect(ownerBack.statusCode, ownerBack.body).toBe(200);
    // The owner's cookie is no help to a staff member's name either.
    const renewed = setCookie(ownerBack, 'console_browser')!.value;
    expectRateLimited(
      await adminSignIn(t.app, { username: 'brake_support', password: STAFF_PASSWORD }, fresh(), renewed),
      BRAKE,
    );
  });

  it('an address where a staff member signed in lets only that member past the brake', async () => {
    const t = await newApp();
    const home = await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, '198.51.100.70');
    const owner = `admin_session=${setCookie(home, 'admin_session')!.value}`;
    await createStaff(t, { username: 'brake_desk', role: 'support', owner });
    const desk = await adminSignIn(
      t.app,
      { username: 'brake_desk', password: STAFF_PASSWORD },
      '198.51.100.71',
    );
    expect(desk.statusCode, desk.body).toBe(200);
    await attack(t);
    // From the support member's address, without any cookie: the owner's password waits, the member does not.
    expectRateLimited(await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, '198.51.100.71'), BRAKE);
    const member = await adminSignIn(
      t.app,
      { username: 'brake_desk', password: STAFF_PASSWORD },
      '198.51.100.71',
    );
    expect(member.statusCode, member.body).toBe(200);
    // And the owner's own address still lets the owner in.
    const back = await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, '198.51.100.70');
    expect(back.statusCode, back.body).toBe(200);
  });

  it(`signing in again and again keeps only the newest ${BROWSERS_KEPT} browsers of that member`, async () => {
    const t = await newApp();
    const home = await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, '198.51.100.7');
    const owner = `admin_session=${setCookie(home, 'admin_session')!.value}`;
    const supportId = await createStaff(t, { username: 'brake_minter', role: 'support', owner });
    const minted: string[] = [];
    for (let i = 0; i < BROWSERS_KEPT + 5; i++) {
      const res = await adminSignIn(
        t.app,
        { username: 'brake_minter', password: STAFF_PASSWORD },
        '198.51.100.9',
      );
      expect(res.statusCode, res.body).toBe(200);
      minted.push(setCookie(res, 'console_browser')!.value);
      t.clock.advance(1000);
    }
    const rows = await t.deps.db.selectFrom('console_browsers').select(['staff_id']).execute();
    expect(rows.filter((r) => r.staff_id === supportId)).toHaveLength(BROWSERS_KEPT);
    // The owner's browser is another identity's, untouched.
    expect(rows.filter((r) => r.staff_id === null)).toHaveLength(1);

    await attack(t);
    // The oldest cookies were forgotten: they wait like a new browser; the newest still gets in.
    const login = { username: 'brake_minter', password: STAFF_PASSWORD };
    expectRateLimited(await adminSignIn(t.app, login, '192.0.2.10', minted[0]), BRAKE);
    expectRateLimited(await adminSignIn(t.app, login, '192.0.2.11', minted[4]), BRAKE);
    const kept = await adminSignIn(t.app, login, '192.0.2.12', minted[5]);
    expect(kept.statusCode, kept.body).toBe(200);
    const newest = await adminSignIn(t.app, login, '192.0.2.13', minted.at(-1));
    expect(newest.statusCode, newest.body).toBe(200);
  });

  it('staff with two-factor sign-in: the right password and a valid code get in from a new browser; without a code it waits', async () => {
    const t = await newApp();
    const owner = await adminCookie(t);
    const username = 'brake_mod';
    const password = 'a-long-staff-password';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { cookie: owner },
      payload: { username, password, role: 'moderator' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const first = await adminSignIn(t.app, { username, password }, '198.51.100.8');
    expect(first.statusCode).toBe(200);
    const cookies = { admin_session: setCookie(first, 'admin_session')!.value };
    const setup = await t.app.inject({ method: 'POST', url: '/api/admin/me/totp/setup', cookies });
    const { secret } = setup.json();
    const start = t.clock.now().getTime();
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/totp/enable',
      cookies,
      payload: { code: totpAt(secret, start) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const recoveryCodes = enable.json().recoveryCodes as string[];

    await attack(t);
    const now = t.clock.now().getTime();
    const fresh = addressesIn('192.0.2', 200);

    // Without a code: waits, and the password is not looked at.
    expectRateLimited(await adminSignIn(t.app, { username, password }, fresh()), BRAKE);
    // A wrong code is refused (and counted) before the password is looked at.
    const wrongCode = await adminSignIn(
      t.app,
      { username, password: 'not-it', code: totpAt(secret, now + 600_000) },
      fresh(),
    );
    expect([wrongCode.statusCode, wrongCode.json().error]).toEqual([401, 'Incorrect code']);
    // A valid code (here a recovery code, used up by it) does not make a wrong password right.
    const wrongPassword = await adminSignIn(
      t.app,
      { username, password: 'not-it', code: recoveryCodes[1]! },
      fresh(),
    );
    expect([wrongPassword.statusCode, wrongPassword.json().error]).toEqual([
      401,
      'Incorrect username or password',
    ]);
    expect(setCookie(wrongPassword, 'admin_session')).toBeUndefined();

    // The right password with a valid code signs in; so does a recovery code, once.
    const inWithCode = await adminSignIn(
      t.app,
      { username, password, code: totpAt(secret, now + 30_000) },
      fresh(),
    );
    expect(inWithCode.statusCode, inWithCode.body).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      cookies: { admin_session: setCookie(inWithCode, 'admin_session')!.value },
    });
    expect(me.json()).toMatchObject({ username, totpEnabled: true });
    const inWithRecovery = await adminSignIn(t.app, { username, password, code: recoveryCodes[0]! }, fresh());
    expect(inWithRecovery.statusCode, inWithRecovery.body).toBe(200);
    expect(await auditRows(t.deps.db, { action: 'staff.recovery_code_used' })).toHaveLength(2);
    const reused = await adminSignIn(t.app, { username, password, code: recoveryCodes[0]! }, fresh());
    expect([reused.statusCode, reused.json().error]).toEqual([401, 'Incorrect code']);

    // Still on for everyone else: the owner's password from a new browser waits.
    expectRateLimited(await adminSignIn(t.app, { password: TEST_ADMIN_PASSWORD }, fresh()), BRAKE);
  });
});
