import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectFailedRequest } from './support/browser-errors.ts';
import { adminCookie, browser, openJourney, stack } from './support/journey.ts';
import { DESKTOP, MOBILE, SHOTS_DIR, shootBothWidths, signIn } from './support/stack.ts';
import { grantRobux } from '../apps/server/test/support/players.ts';

openJourney({ admin: true });

const VIEWPORTS = [
  ['390', MOBILE],
  ['1280', DESKTOP],
] as const;

/** Gives a player R$ through the admin console's add-points call (a ledger credit). */
async function grant(username: string, points: number) {
  // The account exists from its first sign-in.
  expect((await stack.api('POST', '/api/login', { username })).status).toBe(200);
  await grantRobux(stack, adminCookie, username, points);
}

async function newPlayerPage(name: string, viewport: { width: number; height: number } = DESKTOP) {
  const context: BrowserContext = await browser.newContext({ viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
  const page = await context.newPage();
  await signIn(page, stack.baseUrl, name);
  return { page, context };
}

async function fillWithdraw(page: Page, link: string, amount: string) {
  await page.getByLabel('Gamepass link').fill(link);
  await page.getByLabel('Robux amount').fill(amount);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
}

/** The newest toast with `title` shows `description`. */
async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
  await expect.poll(() => toast.isVisible(), { timeout: 10_000 }).toBe(true);
  if (description) expect(await toast.innerText()).toContain(description);
  // Dismiss every toast, so the next check sees only its own.
  const toasts = page.locator('[data-sonner-toast]');
  for (const close of await page.locator('[data-sonner-toast] [data-close-button]').all()) {
    await close.dispatchEvent('click').catch(() => {});
  }
  await expect.poll(() => toasts.count(), { timeout: 5_000 }).toBe(0);
}

describe('profile, bio verification and withdrawals', () => {
  it('an unverified player sees "Verification required"', async () => {
    await grant('BobBuilder', 50);
    const pass = await stack.control('POST', '/gamepasses', { creatorId: 1002, price: 15, isForSale: true });
    for (const [label, viewport] of VIEWPORTS) {
      const { page, context } = await newPlayerPage('BobBuilder', viewport);
      await page.goto(`${stack.baseUrl}/withdraw`);
      await expect.poll(() => page.getByTestId('withdraw-balance').innerText()).toBe('R$ 50.00');
      await page.getByLabel('Robux amount').fill('10');
      await expect
        .poll(() => page.getByTestId('gamepass-price').innerText())
        .toContain('Set your gamepass price to 15 Robux');
      await page.screenshot({ path: join(SHOTS_DIR, `withdraw-unverified-${label}.png`), fullPage: true });
      await fillWithdraw(page, `https://www.roblox.com/game-pass/${pass.id}/Bobs-Pass`, '10');
      await expectToast(
        page,
        'Verification required',
        'You must verify your Roblox profile before withdrawing.',
      );
      expect(await page.getByTestId('withdraw-balance').innerText()).toBe('R$ 50.00');
      await context.close();
    }
  });

  it('profile: stats, a bio without the sentence, then verified with the badge and Verify disabled', async () => {
    await grant('AliceRBX', 100);
    const { page, context } = await newPlayerPage('AliceRBX', MOBILE);
    await page.goto(`${stack.baseUrl}/profile`);
    await expect.poll(() => page.getByTestId('stat-Balance').innerText()).toBe('R$ 100.00');
    expect(await page.getByTestId('stat-Earned R$').innerText()).toBe('R$ 0.00');
    expect(await page.getByTestId('stat-Referrals Earned').innerText()).toBe('R$ 0.00');
    for (const label of ['Offers Completed', 'Referrals Made', 'Joined At']) {
      expect(await page.getByTestId(`stat-${label}`).isVisible()).toBe(true);
    }
    expect(await page.getByText('Not verified').first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Admin Login' }).getAttribute('href')).toBe('/admin');
    expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    const sentence = await page.getByTestId('verification-sentence').innerText();
    expect(sentence).toMatch(/^[a-z]+( [a-z]+){5}$/);

    await page.getByRole('button', { name: 'Copy' }).click();
    await expect
      .poll(() => page.getByTestId('copy-message').innerText())
      .toBe('Verification code copied to clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sentence);
    // Copy messages clear after 2.5 s.
    await expect.poll(() => page.getByTestId('copy-message').innerText(), { timeout: 5_000 }).toBe('');

    await stack.control('PUT', '/users/1001/description', { description: 'Just a builder.' });
    expectFailedRequest(page, 400, '/api/verify-bio');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('verify-message').innerText())
      .toBe('Verification code not found in bio.');
    await page.screenshot({ path: join(SHOTS_DIR, 'profile-not-verified-390.png'), fullPage: true });
    await page
      .getByRole('region', { name: 'Verify Roblox Session' })
      .screenshot({ path: join(SHOTS_DIR, 'profile-verify-panel-390.png') });

    await stack.control('PUT', '/users/1001/description', { description: `Hi! ${sentence}` });
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => page.getByTestId('verify-message').innerText()).toBe('Verified successfully!');
    await expect.poll(() => page.getByText('Verified', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByText('Not verified').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Verify', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Refresh' }).isDisabled()).toBe(true);
    await page.screenshot({ path: join(SHOTS_DIR, 'profile-verified-390.png'), fullPage: true });

    await page.setViewportSize(DESKTOP);
    await page.reload();
    await expect.poll(() => page.getByText('Verified', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Verify', exact: true }).isDisabled()).toBe(true);
    await page.screenshot({ path: join(SHOTS_DIR, 'profile-verified-1280.png'), fullPage: true });
    await context.close();
  });

  it('profile load failure shows "Error: …" with the status; Roblox down on verify shows the server message', async () => {
    const { page, context } = await newPlayerPage('CarolPlays');
    await page.route('**/api/profile/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Boom"}' }),
    );
    expectFailedRequest(page, 500, '/api/profile/CarolPlays');
    await page.goto(`${stack.baseUrl}/profile`);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Error:' }).innerText(), { timeout: 10_000 })
      .toBe('Error: Boom (status 500)');
    await page.unroute('**/api/profile/**');
    await page.reload();
    await page.getByTestId('verification-sentence').waitFor();
    await stack.control('POST', '/mode', { mode: 'down' });
    expectFailedRequest(page, 503, '/api/verify-bio');
    try {
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect
        .poll(() => page.getByTestId('verify-message').innerText(), { timeout: 10_000 })
        .toBe('Roblox is not responding, please try again');
    } finally {
      await stack.control('POST', '/mode', { mode: 'up' });
    }
    // A server error without a message reads "Server error (status)"; the message clears after 7 s.
    await page.route('**/api/verify-bio', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    expectFailedRequest(page, 502, '/api/verify-bio');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => page.getByTestId('verify-message').innerText()).toBe('Server error (502)');
    await expect.poll(() => page.getByTestId('verify-message').innerText(), { timeout: 10_000 }).toBe('');
    expect(await page.getByText('Not verified').first().isVisible()).toBe(true);
    await context.close();
  });

  it('a verified player withdraws: "Request sent!", the lower balance, and the withdrawal in the list and in Transactions', async () => {
    const pass = await stack.control('POST', '/gamepasses', { creatorId: 1001, price: 15, isForSale: true });
    const wrongPrice = await stack.control('POST', '/gamepasses', {
      creatorId: 1001,
      price: 10,
      isForSale: true,
    });
    const { page, context } = await newPlayerPage('AliceRBX');
    await page.goto(`${stack.baseUrl}/withdraw`);
    await expect.poll(() => page.getByTestId('withdraw-balance').innerText()).toBe('R$ 100.00');
    await expect.poll(() => page.getByText('No withdrawals yet.').isVisible()).toBe(true);
    const link = `https://www.roblox.com/game-pass/${pass.id}/Alices-Pass`;

    // The client's checks, with the spec's toasts.
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expectToast(page, 'Missing information');
    await fillWithdraw(page, 'https://www.roblox.com/game-pass/Alices-Pass', '10');
    await expectToast(page, 'Missing gamepass ID');
    await fillWithdraw(page, link, '2.5');
    await expectToast(page, 'Invalid amount');
    await fillWithdraw(page, link, '0');
    await expectToast(page, 'Invalid amount');
    await fillWithdraw(page, link, '1000');
    await expectToast(page, 'Insufficient balance', 'You only have 100 Robux available.');
    // The server's refusal is shown as it words it.
    expectFailedRequest(page, 400, '/api/withdraw');
    await fillWithdraw(page, `https://www.roblox.com/game-pass/${wrongPrice.id}/Cheap`, '10');
    await expectToast(page, 'Withdrawal failed', 'Set your gamepass price to 15 Robux');
    expect(await page.getByTestId('withdraw-balance').innerText()).toBe('R$ 100.00');

    // In Dutch: the bounds before typing, 3 R$ names the minimum 5, and the server's price refusal
    // keeps both prices.
    await page.locator('header select').first().selectOption('nl');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('nl');
    expect(await page.getByText('Van R$ 5 tot R$ 10.000 per opname, in hele Robux.').isVisible()).toBe(true);
    await page.getByLabel('Gamepasslink').fill(link);
    await page.getByLabel('Aantal Robux').fill('3');
    const bounds = 'Vul een heel aantal Robux in van R$ 5 tot R$ 10.000.';
    await expect.poll(() => page.getByTestId('gamepass-price').innerText()).toBe(bounds);
    await page.getByRole('button', { name: 'Opnemen', exact: true }).click();
    await expectToast(page, 'Ongeldig bedrag', bounds);
    await page.getByLabel('Gamepasslink').fill(`https://www.roblox.com/game-pass/${wrongPrice.id}/Cheap`);
    await page.getByLabel('Aantal Robux').fill('10');
    await page.getByRole('button', { name: 'Opnemen', exact: true }).click();
    await expectToast(
      page,
      'Opname mislukt',
      'Zet de prijs van je gamepass op 15 Robux (nu is het 10) en probeer het opnieuw.',
    );
    await page.screenshot({ path: join(SHOTS_DIR, 'withdraw-refused-nl-1280.png'), fullPage: true });
    await page.setViewportSize(MOBILE);
    await page.screenshot({ path: join(SHOTS_DIR, 'withdraw-refused-nl-390.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.locator('header select').first().selectOption('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');

    await fillWithdraw(page, link, '10');
    await expectToast(
      page,
      'Request sent!',
      'Your withdrawal request has been submitted and balance updated.',
    );
    await expect.poll(() => page.getByTestId('withdraw-balance').innerText()).toBe('R$ 90.00');
    await expect.poll(() => page.getByTestId('balance-chip').innerText()).toBe('R$ 90.00');
    expect(await page.getByLabel('Gamepass link').inputValue()).toBe('');
    expect(await page.getByLabel('Robux amount').inputValue()).toBe('');
    const item = page.getByTestId('withdrawals-list').locator('li').first();
    await expect.poll(() => item.innerText()).toContain('R$ 10');
    expect(await item.innerText()).toContain('Pending');
    expect(await item.innerText()).toContain(`gamepass ${pass.id}`);
    await page.screenshot({ path: join(SHOTS_DIR, 'withdraw-sent-1280.png'), fullPage: true });
    await page.setViewportSize(MOBILE);
    await page.screenshot({ path: join(SHOTS_DIR, 'withdraw-sent-390.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);

    // The ledger entry shows in Transactions as "Withdraw For Robux".
    await page.goto(`${stack.baseUrl}/transactions`);
    await expect
      .poll(() => page.getByText('Withdraw For Robux').first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    await page.screenshot({ path: join(SHOTS_DIR, 'withdraw-transactions-1280.png'), fullPage: true });

    // An admin rejects it: the refund comes back and the list says so.
    const queue = await stack.api('GET', '/api/admin/withdrawals?state=pending', undefined, {
      cookie: adminCookie,
    });
    const id = queue.body.withdrawals[0].id;
    const rejected = await stack.api(
      'POST',
      `/api/admin/withdrawals/${id}/reject`,
      { reason: 'Test' },
      { cookie: adminCookie },
    );
    expect(rejected.status).toBe(200);
    await page.goto(`${stack.baseUrl}/withdraw`);
    await expect.poll(() => page.getByTestId('withdraw-balance').innerText()).toBe('R$ 100.00');
    await expect
      .poll(() => page.getByTestId('withdrawals-list').locator('li').first().innerText())
      .toContain('Refunded');
    await context.close();
  });

  it('on a phone: "How does this work?" opens and closes from the keyboard; Logout sits apart', async () => {
    const { page, context } = await newPlayerPage('AliceRBX', MOBILE);
    await page.goto(`${stack.baseUrl}/withdraw`);
    const how = page.getByTestId('withdraw-how');
    const step = how.getByText(/^Switch regional pricing off for it before you withdraw/);
    await how.getByText('How does this work?').waitFor();
    expect(await step.isVisible()).toBe(false);
    // The disclosure's summary is a button to the keyboard: Tab reaches it, Enter and Space toggle it.
    await how.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => step.isVisible()).toBe(true);
    expect(await how.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    await shootBothWidths(page, 'withdraw', 'how-it-works-open');
    await page.setViewportSize(MOBILE);
    await how.locator('summary').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => step.isVisible()).toBe(false);
    // Logout is below the withdrawals, not beside Withdraw.
    const withdraw = await page.getByRole('button', { name: 'Withdraw', exact: true }).boundingBox();
    const list = await page.getByRole('heading', { name: 'Your withdrawals' }).boundingBox();
    const logout = await page.getByRole('button', { name: 'Logout' }).boundingBox();
    expect(logout!.y).toBeGreaterThan(list!.y + list!.height);
    expect(logout!.y - (withdraw!.y + withdraw!.height)).toBeGreaterThan(200);
    await context.close();
  });
});
