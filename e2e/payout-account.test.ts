import { describe, expect, it } from 'vitest';
import {
  adminCookie,
  asAdmin,
  browser,
  openJourney,
  purchasesOf,
  robuxOf,
  stack,
} from './support/journey.ts';
import { ADMIN_PASSWORD, DESKTOP, expectAdminSignedOut, screenshots, signIn } from './support/stack.ts';
import { acceptConfirmation } from './support/confirmation.ts';
import { grantRobux, signInPlayer, verifyPlayer } from '../apps/server/test/support/players.ts';
import { bearer } from '../apps/server/test/support/site.ts';
import { priceFor } from '../apps/server/test/support/gamepasses.ts';

/**
 * The payout account: Roblox asks the payout account for a challenge, so the payout worker
 * stops every payout and the console says so on every page; the admin pastes a cookie Roblox accepts,
 * resumes, and the waiting withdrawal is paid, once.
 */

openJourney({
  admin: true,
  env: {
    PAYOUT_MODE: 'roblox',
    PAYOUT_INTERVAL_MS: '200',
    PAYOUT_SECRET_KEY: 'e2e-payout-secret-key-0123456789abcdef',
    REVIEW_FIRST_WITHDRAWAL: 'false',
  },
});

/** The cookie the stand-in accepts after the admin "logged in again" on Roblox. */
const NEW_COOKIE = '_|WARNING:-DO-NOT-SHARE-THIS.--|_e2e-fresh-payout-cookie-0001';

const shoot = screenshots('payout-account');

async function ownWithdrawal(token: string) {
  const res = await stack.api('GET', '/api/withdrawals', undefined, bearer(token));
  return res.body.withdrawals[0] as { id: number; state: string };
}

const payoutAccount = async () => (await asAdmin('GET', '/api/admin/payout-account')).body;

describe('payout account in Chromium', () => {
  it('a challenge stops payouts; a new cookie and Resume pay the waiting withdrawal once', async () => {
    await stack.control('POST', '/challenge', { on: true });
    const player = await signInPlayer(stack, 'AliceRBX');
    await verifyPlayer(stack, player, '');
    await grantRobux(stack, adminCookie, 'AliceRBX', 100);
    const pass = (
      await stack.control('POST', '/gamepasses', { creatorId: player.robloxId, price: priceFor(20) })
    ).id as number;
    const asked = await stack.api(
      'POST',
      '/api/withdraw',
      { gamepassId: pass, amount: 20 },
      bearer(player.token),
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);

    // The worker (every 200 ms) meets the challenge: payouts stop, nothing is bought or refunded.
    await expect
      .poll(async () => (await payoutAccount()).status, { timeout: 15_000 })
      .toBe('needs_attention');
    const stopped = await payoutAccount();
    expect(stopped.reason).toBeTruthy();
    expect(stopped.queue.count).toBe(1);
    // The withdrawal in hand goes back to wait.
    await expect.poll(async () => (await ownWithdrawal(player.token)).state).toBe('pending');
    expect(await robuxOf(player)).toBe(80);
    expect(await purchasesOf(pass)).toBe(0);

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const dialogs: string[] = [];
    await signIn(page, stack.baseUrl, 'CarolPlays');
    expectAdminSignedOut(page);
    await page.goto(`${stack.baseUrl}/admin`);
    await page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    // The banner is on every console page, the overview included; its button leads to the panel.
    const banner = page.getByTestId('payout-banner');
    await expect.poll(() => banner.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await banner.getAttribute('role')).toBe('alert');
    expect(await banner.innerText()).toMatch(/^Payouts stopped: /);
    await banner.getByRole('link', { name: 'Fix in Payout account' }).click();
    await page.getByRole('heading', { level: 2, name: 'Withdrawals', exact: true }).waitFor();
    const panel = page.getByRole('region', { name: 'Payout account' });
    await panel.getByText('Needs attention', { exact: true }).waitFor();
    expect(await panel.getByTestId('payout-status').innerText()).toMatch(/^Payouts stopped since .+: /);
    await page.locator('tbody tr').filter({ hasText: 'AliceRBX' }).waitFor();
    await shoot(page, 'stopped');

    // The owner passes the challenge on Roblox and logs in again: a new cookie, the only one accepted.
    const { robux: robuxBefore } = (await stack.control('PATCH', '/payout', { cookie: NEW_COOKIE })) as {
      robux: number;
    };
    await stack.control('POST', '/challenge', { on: false });

    const field = panel.getByLabel('New .ROBLOSECURITY value');
    expect(await field.getAttribute('type')).toBe('password');
    expect(await field.inputValue()).toBe('');
    await field.fill(NEW_COOKIE);
    await panel.getByRole('button', { name: 'Save cookie' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Payout cookie replaced' }).waitFor();
    expect(await field.inputValue()).toBe('');
    expect(await panel.getByTestId('payout-figures').innerText()).toContain('Set in this console');
    const raw = await fetch(`${stack.baseUrl}/api/admin/payout-account`, {
      headers: { cookie: adminCookie },
    });
    const text = await raw.text();
    expect(raw.status).toBe(200);
    expect(text).not.toContain(NEW_COOKIE);
    expect(text).not.toContain('e2e-fresh-payout-cookie');
    // Still stopped until the admin resumes: the new cookie alone buys nothing.
    expect(JSON.parse(text).status).toBe('needs_attention');
    expect(await purchasesOf(pass)).toBe(0);

    await panel.getByRole('button', { name: 'Resume payouts' }).click();
    await expect.poll(async () => (await acceptConfirmation(page, dialogs), dialogs.length)).toBe(1);
    expect(dialogs[0]).toMatch(/checks that Roblox accepts the payout cookie/);
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Payouts resumed' }).waitFor();

    await expect
      .poll(async () => (await ownWithdrawal(player.token)).state, { timeout: 15_000 })
      .toBe('paid');
    expect(await purchasesOf(pass)).toBe(1);
    expect(await robuxOf(player)).toBe(80);
    await expect.poll(() => banner.count()).toBe(0);
    // The console follows the worker: the queue empties without a reload.
    const aliceRow = page.locator('tbody tr').filter({ hasText: 'AliceRBX' });
    await expect.poll(() => aliceRow.count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => panel.getByTestId('payout-figures').innerText(), { timeout: 15_000 })
      .toMatch(/Waiting to be paid\s+0\b/i);
    await panel.getByText('OK', { exact: true }).waitFor();
    // The figures are read from Roblox at most once a minute: before or after the purchase.
    const figures = await panel.getByTestId('payout-figures').innerText();
    const shown = /Payout account Robux.*\n(R\$ [\d,]+)\n(read .+)/i.exec(figures);
    expect(shown, figures).not.toBeNull();
    expect([robuxBefore, robuxBefore - priceFor(20)].map((n) => `R$ ${n.toLocaleString('en-US')}`)).toContain(
      shown![1],
    );
    await shoot(page, 'resumed');
    // Still the one purchase, after the worker's rounds while the console was read.
    expect(await purchasesOf(pass)).toBe(1);
    await context.close();
  });
});
