import type { Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCookie, browser, openJourney, purchasesOf, stack } from './support/journey.ts';
import { expectFailedRequest } from './support/browser-errors.ts';
import {
  ADMIN_PASSWORD,
  DESKTOP,
  expectAdminSignedOut,
  MOBILE,
  screenshots,
  signIn,
} from './support/stack.ts';
import { cpxPostback, fromCpx } from './support/http.ts';
import { acceptConfirmation } from './support/confirmation.ts';
import { grantRobux, signInPlayer, verifyPlayer } from '../apps/server/test/support/players.ts';
import { bearer } from '../apps/server/test/support/site.ts';
import { priceFor } from '../apps/server/test/support/gamepasses.ts';

/**
 * Withdrawal review: a withdrawal a review rule applies to (here: a first withdrawal, and a
 * 3-day-old Roblox account's) shows "under review" to the player; the admin sees why in the console and
 * approves it (then the payout worker buys the gamepass, once) or rejects it (the amount goes back).
 */

openJourney({
  env: { REVIEW_FIRST_WITHDRAWAL: 'true', PAYOUT_MODE: 'roblox', PAYOUT_INTERVAL_MS: '300' },
  admin: true,
});

const DAY = 24 * 60 * 60 * 1000;

/** A CPX Research credit (status 1) or reversal (status 2), signed and sent as CPX does. */
async function cpx(transId: string, robloxId: number, status: '1' | '2', robux: number) {
  const res = await stack.api('GET', cpxPostback(transId, robloxId, robux, status), undefined, fromCpx);
  expect(res.status).toBe(200);
}

const shoot = screenshots('review', { oneWidth: true });

/** Signs the player in through the API, verifies the bio and grants `robux`; returns the token. */
async function readyPlayer(username: string, robux: number): Promise<string> {
  const player = await signInPlayer(stack, username);
  await verifyPlayer(stack, player, '');
  await grantRobux(stack, adminCookie, username, robux);
  return player.token;
}

async function ownWithdrawals(token: string) {
  return (await stack.api('GET', '/api/withdrawals', undefined, bearer(token))).body.withdrawals as Array<{
    id: number;
    state: string;
  }>;
}

/** The newest toast with `title` shows `description`. */
async function expectToast(page: Page, title: string, description: RegExp) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
  await expect.poll(() => toast.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await toast.innerText()).toMatch(description);
}

describe('withdrawal review in Chromium', () => {
  let aliceToken = '';
  let alicePass = 0;

  it('a player\'s first withdrawal shows "under review" on the withdraw page and in Transactions', async () => {
    aliceToken = await readyPlayer('AliceRBX', 100);
    alicePass = (await stack.control('POST', '/gamepasses', { creatorId: 1001, price: priceFor(20) })).id;

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signIn(page, stack.baseUrl, 'AliceRBX');
    await page.goto(`${stack.baseUrl}/withdraw`);
    await expect.poll(() => page.getByTestId('withdraw-balance').innerText()).toBe('R$ 100.00');
    await page.getByLabel('Gamepass link').fill(`https://www.roblox.com/game-pass/${alicePass}/Alices-Pass`);
    await page.getByLabel('Robux amount').fill('20');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expectToast(
      page,
      'Request sent: under review',
      /is under review: an admin checks it before it is paid/,
    );
    await expect.poll(() => page.getByTestId('withdraw-balance').innerText()).toBe('R$ 80.00');
    const list = page.getByTestId('withdrawals-list');
    await expect.poll(() => list.innerText(), { timeout: 10_000 }).toContain('Under review');
    await shoot(page, 'withdraw-under-review');
    await page.setViewportSize(MOBILE);
    await shoot(page, 'withdraw-under-review');

    await page.goto(`${stack.baseUrl}/transactions`);
    const state = page.getByTestId('transaction-state').first();
    await expect.poll(() => state.innerText(), { timeout: 10_000 }).toMatch(/^under review$/i);
    await shoot(page, 'transactions-under-review');
    await page.setViewportSize(DESKTOP);
    await shoot(page, 'transactions-under-review');

    // Nothing is bought while the withdrawal waits for the admin (the payout worker runs every 300 ms).
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await purchasesOf(alicePass)).toBe(0);
    expect((await ownWithdrawals(aliceToken))[0]!.state).toBe('in_review');
    await context.close();
  });

  it('the admin sees the reasons and approves one (paid once) and rejects another (refunded once)', async () => {
    // A Roblox account made 3 days ago asks for its first withdrawal too.
    await stack.control('POST', '/users', {
      name: 'FreshFace',
      created: new Date(Date.now() - 3 * DAY).toISOString(),
    });
    const freshToken = await readyPlayer('FreshFace', 50);
    const freshUser = (await stack.api('GET', '/api/user/FreshFace', undefined, bearer(freshToken))).body;
    const freshPass = (
      await stack.control('POST', '/gamepasses', { creatorId: freshUser.robloxId, price: priceFor(30) })
    ).id;
    const fresh = await stack.api(
      'POST',
      '/api/withdraw',
      { gamepassId: freshPass, amount: 30 },
      bearer(freshToken),
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.withdrawal.state).toBe('in_review');

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await signIn(page, stack.baseUrl, 'CarolPlays');
    expectAdminSignedOut(page);
    await page.goto(`${stack.baseUrl}/admin`);
    await page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // Signed in only once the console shows: leaving earlier would cancel the sign-in's request.
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    await page.goto(`${stack.baseUrl}/admin?section=withdrawals`);
    await page.getByRole('heading', { level: 2, name: 'Withdrawals', exact: true }).waitFor();
    await page.getByRole('tab', { name: /^To approve( \d+)?$/ }).click();

    const aliceRow = page.locator('tbody tr').filter({ hasText: 'AliceRBX' });
    const freshRow = page.locator('tbody tr').filter({ hasText: 'FreshFace' });
    await aliceRow.waitFor();
    await freshRow.waitFor();
    expect(await aliceRow.getByTestId('review-reasons').innerText()).toBe(
      'First withdrawal of this account (none paid yet).',
    );
    const freshReasons = await freshRow.getByTestId('review-reasons').innerText();
    expect(freshReasons).toContain('First withdrawal of this account (none paid yet).');
    expect(freshReasons).toMatch(/The Roblox account was created 3 days ago .*; the minimum is 14 days/);
    await shoot(page, 'admin-queue');
    await page.setViewportSize(MOBILE);
    await shoot(page, 'admin-queue');
    await page.setViewportSize(DESKTOP);

    // The user view shows the same reasons beside the player's money state.
    await page.goto(`${stack.baseUrl}/admin?section=users`);
    await page.getByRole('heading', { level: 2, name: 'Users', exact: true }).waitFor();
    await page.getByPlaceholder('Search by username').fill('FreshFace');
    const userRow = page.locator('tbody tr').filter({ has: page.getByText('FreshFace', { exact: true }) });
    await userRow.getByRole('button', { name: 'Ledger of FreshFace' }).click();
    const money = page.getByTestId('user-money');
    await expect.poll(() => money.innerText(), { timeout: 10_000 }).toContain('in review');
    expect(await money.innerText()).toMatch(/The Roblox account was created 3 days ago/);
    expect(await money.innerText()).toContain('withdrawals allowed');
    await shoot(page, 'admin-user-view');
    await page.setViewportSize(MOBILE);
    await shoot(page, 'admin-user-view');
    await page.setViewportSize(DESKTOP);
    await page.keyboard.press('Escape');

    // Approve Alice's: one click, confirmed; the worker then buys the gamepass, once.
    await page.goto(`${stack.baseUrl}/admin?section=withdrawals`);
    await page.getByRole('tab', { name: /^To approve( \d+)?$/ }).click();
    await aliceRow.waitFor();
    await aliceRow.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(async () => (await acceptConfirmation(page, dialogs), dialogs.length)).toBe(1);
    expect(dialogs[0]).toMatch(/^Approve withdrawal #\d+ of R\$ 20 to AliceRBX/);
    await expect.poll(() => aliceRow.count()).toBe(0);
    await expect.poll(() => purchasesOf(alicePass), { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await ownWithdrawals(aliceToken))[0]!.state).toBe('paid');

    // Reject FreshFace's: refunded, nothing bought.
    await freshRow.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(async () => (await acceptConfirmation(page, dialogs), dialogs.length)).toBe(2);
    expect(dialogs[1]).toMatch(
      /^Reject withdrawal #\d+ of R\$ 30 to FreshFace .*back to the player's balance/,
    );
    await expect.poll(() => page.getByText('No withdrawals wait for review.').isVisible()).toBe(true);
    await shoot(page, 'admin-queue-empty');
    await expect.poll(async () => (await ownWithdrawals(freshToken))[0]!.state).toBe('refunded');
    const balance = (await stack.api('GET', '/api/user/FreshFace', undefined, bearer(freshToken))).body.robux;
    expect(balance).toBe(50);

    await new Promise((r) => setTimeout(r, 1_000));
    expect(await purchasesOf(alicePass)).toBe(1);
    expect(await purchasesOf(freshPass)).toBe(0);

    // Each decision is in the audit log, once.
    const audit = await stack.api('GET', '/api/admin/audit', undefined, { cookie: adminCookie });
    const actions = audit.body.entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a === 'withdrawal.review_approve')).toHaveLength(1);
    expect(actions.filter((a: string) => a === 'withdrawal.review_reject')).toHaveLength(1);

    // The player sees the outcome.
    const player = await browser.newContext({ viewport: MOBILE });
    const playerPage = await player.newPage();
    await signIn(playerPage, stack.baseUrl, 'FreshFace');
    await playerPage.goto(`${stack.baseUrl}/withdraw`);
    await expect
      .poll(() => playerPage.getByTestId('withdrawals-list').innerText(), { timeout: 10_000 })
      .toContain('Refunded');
    await expect.poll(() => playerPage.getByTestId('withdraw-balance').innerText()).toBe('R$ 50.00');
    await shoot(playerPage, 'withdraw-refunded');
    await player.close();
    await context.close();
  });
  it('a player with 3 of 10 offer credits reversed sees why withdrawals are paused', async () => {
    const token = await readyPlayer('DaveTheBrave', 40);
    for (let i = 0; i < 10; i++) await cpx(`e2e-pause-${i}`, 1004, '1', 2);
    for (let i = 0; i < 3; i++) await cpx(`e2e-pause-${i}`, 1004, '2', 2);
    const pass = (await stack.control('POST', '/gamepasses', { creatorId: 1004, price: priceFor(10) })).id;
    const paused =
      /Withdrawals are paused on your account: 3 of your 10 offer and survey credits of the last 90 days \(30%\) were reversed by their provider/;

    for (const viewport of [MOBILE, DESKTOP]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signIn(page, stack.baseUrl, 'DaveTheBrave');
      await page.goto(`${stack.baseUrl}/withdraw`);
      const notice = page.getByTestId('withdraw-blocked');
      await expect.poll(() => notice.innerText(), { timeout: 10_000 }).toMatch(paused);
      await page.getByLabel('Gamepass link').fill(`https://www.roblox.com/game-pass/${pass}/Daves-Pass`);
      await page.getByLabel('Robux amount').fill('10');
      expectFailedRequest(page, 403, '/api/withdraw');
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await expectToast(page, 'Withdrawal failed', paused);
      await shoot(page, 'withdraw-paused');
      await context.close();
    }
    expect(await ownWithdrawals(token)).toEqual([]);
  });
});
