import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browser, openJourney, stack, verifyOnProfile } from './support/journey.ts';
import {
  ADMIN_PASSWORD,
  DESKTOP,
  expectAdminSignedOut,
  MOBILE,
  screenshots,
  signIn,
} from './support/stack.ts';
import { cpxPostback, fromCpx } from './support/http.ts';

openJourney();

const shoot = screenshots('linked', { oneWidth: true });

/** Signs the player out with the profile page's Logout button, as a person would. */
async function signOut(page: Page): Promise<void> {
  await page.goto(`${stack.baseUrl}/profile`);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => /^\/(login|index)$/.test(url.pathname));
}

async function openAdminUsers(page: Page): Promise<void> {
  await page.goto(`${stack.baseUrl}/admin?section=users`);
  await page.getByRole('heading', { level: 2, name: 'Users', exact: true }).waitFor({ timeout: 15_000 });
  await expect.poll(() => page.getByText('Loading users...').isVisible()).toBe(false);
}

const userRow = (p: Page, username: string) =>
  p.locator('tbody tr').filter({ has: p.getByText(username, { exact: true }) });

describe('linked accounts in Chromium', () => {
  let player: BrowserContext;
  let admin: BrowserContext;

  beforeAll(async () => {
    player = await browser.newContext({ viewport: DESKTOP });
    admin = await browser.newContext({ viewport: DESKTOP });
  });

  it("two accounts signed in from one browser: the second through the first one's link, verified, earning", async () => {
    const page = await player.newPage();
    await signIn(page, stack.baseUrl, 'CarolPlays');
    const [device] = (await player.cookies(stack.baseUrl)).filter((c) => c.name === 'device_id');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(device!.value).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // The page's script cannot read the device id.
    expect(await page.evaluate(() => document.cookie)).not.toContain('device_id');

    await signOut(page);
    await page.goto(`${stack.baseUrl}/login?ref=CarolPlays`);
    await page.getByText('Invited by').waitFor();
    await page.getByLabel(/username/i).fill('DaveTheBrave');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/earn');
    // The same browser keeps its device id.
    const again = (await player.cookies(stack.baseUrl)).find((c) => c.name === 'device_id');
    expect(again!.value).toBe(device!.value);

    // Dave proves the account and earns R$2 from a survey: a real referral, but from Carol's browser.
    await verifyOnProfile(page, 1004);
    const credit = await stack.api('GET', cpxPostback('linked-1', 1004, 2), undefined, fromCpx);
    expect([credit.status, String(credit.body)]).toEqual([200, '1']);
    await page.close();

    // Another player's browser: not linked to them.
    const bobPage = await browser.newPage({ viewport: DESKTOP });
    await signIn(bobPage, stack.baseUrl, 'BobBuilder');
    await bobPage.close();
  });

  it('the admin console shows them as linked: the badge, the "Linked accounts only" filter and the user view', async () => {
    const page = await admin.newPage();
    // The console opens from a signed-in page (the admin's own player account, in the admin's browser).
    await signIn(page, stack.baseUrl, 'AliceRBX');
    expectAdminSignedOut(page);
    await page.goto(`${stack.baseUrl}/admin`);
    await page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    await openAdminUsers(page);

    const badge = (name: string) => userRow(page, name).getByText('linked', { exact: true });
    await expect.poll(() => badge('CarolPlays').isVisible()).toBe(true);
    expect(await badge('DaveTheBrave').isVisible()).toBe(true);
    expect(await badge('BobBuilder').count()).toBe(0);

    const filter = page.getByRole('button', { name: 'Linked accounts only' });
    await filter.click();
    expect(await filter.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => userRow(page, 'BobBuilder').count()).toBe(0);
    expect(await page.locator('tbody tr').count()).toBe(2);
    expect(await userRow(page, 'CarolPlays').count()).toBe(1);
    expect(await userRow(page, 'DaveTheBrave').count()).toBe(1);
    await page.getByText('2 linked players').waitFor();
    await shoot(page, 'users');

    // Carol's user view lists Dave with the shared signal and when.
    await userRow(page, 'CarolPlays').getByText('CarolPlays', { exact: true }).click();
    const dialog = page.getByRole('dialog');
    const panel = dialog.getByTestId('linked-accounts');
    await expect.poll(() => panel.getByTestId('linked-account').count()).toBe(1);
    const item = panel.getByTestId('linked-account');
    expect(await item.innerText()).toContain('DaveTheBrave');
    expect(await item.innerText()).toMatch(/Same browser since .+, last used .+/);
    expect(await item.getByText('verified', { exact: true }).isVisible()).toBe(true);
    expect(await panel.innerText()).toContain('No referral commission is paid between them.');
    await shoot(page, 'user-view');
    await page.keyboard.press('Escape');

    const mobile = await admin.newPage();
    await mobile.setViewportSize(MOBILE);
    await openAdminUsers(mobile);
    await mobile.getByRole('button', { name: 'Linked accounts only' }).click();
    await expect.poll(() => mobile.locator('tbody tr').count()).toBe(2);
    await shoot(mobile, 'users');
    await userRow(mobile, 'DaveTheBrave').getByText('DaveTheBrave', { exact: true }).click();
    await expect
      .poll(() => mobile.getByRole('dialog').getByTestId('linked-account').innerText())
      .toContain('CarolPlays');
    await shoot(mobile, 'user-view');
    await mobile.close();
    await page.close();
  });

  it("no commission flows between them: Carol's affiliates page counts no referral and no earnings", async () => {
    const page = await player.newPage();
    await signOut(page);
    await signIn(page, stack.baseUrl, 'CarolPlays');
    await page.goto(`${stack.baseUrl}/affiliates`);
    await page.getByRole('heading', { name: 'Refer & Earn' }).waitFor();
    const stat = (label: string) =>
      page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
    await expect.poll(() => stat('Referrals').textContent()).toBe('0');
    expect(await stat('Earned from Referrals (R$)').textContent()).toBe('R$ 0.00');
    expect(await page.getByTestId('referral-rules').innerText()).toContain(
      'same device or internet connection as yours never count',
    );
    await shoot(page, 'affiliates');
    await page.setViewportSize(MOBILE);
    await shoot(page, 'affiliates');
    await page.close();
  });
});
