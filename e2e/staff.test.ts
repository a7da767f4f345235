import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { browser, openJourney, stack } from './support/journey.ts';
import { expectFailedRequest } from './support/browser-errors.ts';
import { ADMIN_PASSWORD, DESKTOP, expectAdminSignedOut, screenshots, signIn } from './support/stack.ts';
import { signInPlayer } from '../apps/server/test/support/players.ts';

/*
 * Staff accounts in the console: the bootstrap owner adds a moderator, who signs in with
 * their own name and password, turns on two-factor sign-in with an authenticator app (the codes are
 * computed here from the secret the page shows), then signs in with a code and once with a recovery
 * code. The moderator bans a player but has no Staff section and is refused adding points; the audit
 * log filtered by the moderator shows the ban under their name.
 */

openJourney();

const MODERATOR = 'mara.mod';
const MODERATOR_PASSWORD = 'mara-moderates-2026';

let page: Page;
let secret = '';
/** Codes already used: a second sign-in waits for the app's next one, as a person would. */
const usedCodes = new Set<string>();
let recoveryCodes: string[] = [];

// From the top of the page: a focused field may have scrolled it, and the header is sticky.
const shoot = screenshots('staff', { fromTop: true });
const nav = () => page.getByRole('navigation', { name: 'Admin' });

async function openSection(section: string, title: string): Promise<void> {
  await page.goto(`${stack.baseUrl}/admin?section=${section}`);
  await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor({ timeout: 15_000 });
}

/** The code the authenticator app shows now, once it differs from every code already used. */
async function freshCode(): Promise<string> {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  await expect.poll(() => usedCodes.has(totp.generate()), { timeout: 35_000, interval: 500 }).toBe(false);
  const code = totp.generate();
  usedCodes.add(code);
  return code;
}

async function signOutOfConsole(): Promise<void> {
  await nav().getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('heading', { name: 'Admin sign-in' }).waitFor();
}

/** Fills the console's sign-in form; an empty username is the ADMIN_PASSWORD sign-in. */
async function submitSignIn(username: string, password: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Admin password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function submitCode(code: string): Promise<void> {
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

describe('staff accounts in Chromium', () => {
  beforeAll(async () => {
    page = await browser.newPage({ viewport: DESKTOP });
    await signInPlayer(stack, 'BobBuilder');
    // The console lives on a player page: someone is signed in as a player in this browser.
    await signIn(page, stack.baseUrl, 'AliceRBX');
  });

  it('the bootstrap owner (admin password, no username) adds a moderator', async () => {
    expectAdminSignedOut(page);
    await page.goto(`${stack.baseUrl}/admin`);
    await submitSignIn('', ADMIN_PASSWORD);
    await expect.poll(() => nav().getByRole('link', { name: 'Staff' }).isVisible()).toBe(true);

    await openSection('staff', 'Staff');
    await page.getByLabel('Username', { exact: true }).fill(MODERATOR);
    await page.getByLabel('First password', { exact: true }).fill(MODERATOR_PASSWORD);
    await page.getByLabel('Role', { exact: true }).selectOption('moderator');
    await page.getByRole('button', { name: 'Add staff member' }).click();
    const row = page.locator(`tr[data-staff="${MODERATOR}"]`);
    await row.waitFor();
    expect(await row.getByRole('combobox', { name: `Role of ${MODERATOR}` }).inputValue()).toBe('moderator');
    expect((await row.getByTestId('staff-2fa').textContent())?.trim()).toBe('2FA off');
    await shoot(page, 'staff-section');

    await signOutOfConsole();
  });

  it('the moderator signs in with their password, has no Staff, and turns on two-factor sign-in', async () => {
    await submitSignIn(MODERATOR, MODERATOR_PASSWORD);
    await nav().getByRole('link', { name: 'My account' }).waitFor();
    expect(await nav().getByRole('link', { name: 'Staff' }).count()).toBe(0);
    // The server refuses the section too, not only the navigation.
    expectFailedRequest(page, 403, '/api/admin/staff');
    expect(await page.evaluate(async () => (await fetch('/api/admin/staff')).status)).toBe(403);

    await openSection('account', 'My account');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code of your two-factor secret' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await shoot(page, 'my-account-qr');

    await page.getByLabel('Code from the app', { exact: true }).fill(await freshCode());
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await page.getByText('Store these recovery codes now.').isVisible()).toBe(true);
    await shoot(page, 'recovery-codes');
    await page.getByRole('button', { name: 'I stored them' }).click();
    await page.getByLabel('Code to turn it off', { exact: true }).waitFor();

    await signOutOfConsole();
  });

  it('signing in then asks for a code: a wrong one is refused, the app’s next one opens the console', async () => {
    // The password alone is answered 401 with the code asked for, and so is the wrong code.
    expectFailedRequest(page, 401, '/api/admin/login');
    await submitSignIn(MODERATOR, MODERATOR_PASSWORD);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await shoot(page, 'two-factor-step');

    const code = await freshCode();
    await submitCode(code === '000000' ? '111111' : '000000');
    await page.getByRole('alert').waitFor();
    expect(await nav().count()).toBe(0);

    await submitCode(code);
    await nav().getByRole('link', { name: 'My account' }).waitFor();
    await signOutOfConsole();
  }, 60_000);

  it('a recovery code signs in once', async () => {
    const [recovery, another] = recoveryCodes;
    // The password alone is answered 401 with the code asked for, and so is a used recovery code.
    expectFailedRequest(page, 401, '/api/admin/login');
    await submitSignIn(MODERATOR, MODERATOR_PASSWORD);
    await submitCode(recovery!);
    await nav().getByRole('link', { name: 'My account' }).waitFor();
    await signOutOfConsole();

    await submitSignIn(MODERATOR, MODERATOR_PASSWORD);
    await submitCode(recovery!);
    await page.getByRole('alert').waitFor();
    expect(await nav().count()).toBe(0);
    await submitCode(another!);
    await nav().getByRole('link', { name: 'My account' }).waitFor();
  });

  it('the moderator bans a player; adding points is not offered and the server refuses it', async () => {
    await openSection('users', 'Users');
    const row = page.locator('tbody tr').filter({ has: page.getByText('BobBuilder', { exact: true }) });
    await row.getByRole('button', { name: 'Ban BobBuilder' }).click();
    const confirmBan = page.getByRole('alertdialog', { name: 'Ban BobBuilder?' });
    await confirmBan.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect.poll(async () => (await row.getByTestId('status').textContent())?.trim()).toBe('banned');
    expect(await row.getByLabel('Points to add to BobBuilder').count()).toBe(0);

    const userId = Number(await row.getAttribute('data-user-id'));
    expectFailedRequest(page, 403, '/api/admin/add-points');
    const refused = await page.evaluate(async (id) => {
      const res = await fetch('/api/admin/add-points', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ userId: id, points: 5 }),
      });
      return { status: res.status, body: (await res.json()) as { code?: string } };
    }, userId);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
  });

  it('the audit log filtered by the moderator shows the ban under their name', async () => {
    await openSection('audit', 'Audit log');
    await page.getByLabel('Staff member', { exact: true }).fill(MODERATOR);
    await expect.poll(() => page.getByText(`Newest first, by ${MODERATOR}.`).isVisible()).toBe(true);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const actions = await page.getByTestId('audit-action').allTextContents();
    expect(actions).toContain('user.ban');
    for (const text of await rows.allTextContents()) expect(text).toContain(`by ${MODERATOR}`);
  });
});
