import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dialog, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browser, openJourney, stack } from './support/journey.ts';
import { expectFailedRequest } from './support/browser-errors.ts';
import {
  ADMIN_PASSWORD,
  DESKTOP,
  expectAdminSignedOut,
  MOBILE,
  ROOT,
  screenshots,
  shootBothWidths,
  signIn,
} from './support/stack.ts';
import { acceptConfirmation } from './support/confirmation.ts';
import { signInPlayer, verifyPlayer } from '../apps/server/test/support/players.ts';
import { bearer } from '../apps/server/test/support/site.ts';

openJourney();

let page: Page;
/** Messages of every alert / confirm the page opened, in order (all accepted). */
const dialogs: string[] = [];

const SECTIONS = ['overview', 'users', 'offers', 'promocodes', 'withdrawals', 'giveaways', 'audit'] as const;

const shoot = screenshots('admin', { oneWidth: true });

const playerToken = async (username: string) => (await signInPlayer(stack, username)).token;

async function openSection(p: Page, section: string): Promise<void> {
  await p.goto(`${stack.baseUrl}/admin?section=${section}`);
  try {
    await p
      .getByRole('heading', { level: 2, name: sectionTitle(section), exact: true })
      .waitFor({ timeout: 15_000 });
  } catch (err) {
    await shoot(p, `FAILED-${section}`);
    throw err;
  }
}

function sectionTitle(section: string): string {
  return section === 'audit' ? 'Audit log' : section.charAt(0).toUpperCase() + section.slice(1);
}

function userRow(p: Page, username: string) {
  return p.locator('tbody tr').filter({ has: p.getByText(username, { exact: true }) });
}

async function lastDialog(count: number): Promise<string> {
  await expect
    .poll(async () => {
      await acceptConfirmation(page, dialogs);
      return dialogs.length;
    })
    .toBeGreaterThanOrEqual(count);
  return dialogs[dialogs.length - 1]!;
}

describe('admin console in Chromium', () => {
  beforeAll(async () => {
    page = await browser.newPage({ viewport: DESKTOP });
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    // Players who exist before the admin looks at them.
    await Promise.all(['BobBuilder', 'CarolPlays'].map((name) => playerToken(name)));
  });

  it('the built web files do not contain the admin password', () => {
    const dist = process.env.WEB_DIST ?? join(ROOT, 'apps/web/dist');
    const files = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(readFileSync(join(file.parentPath, file.name), 'utf8')).not.toContain(ADMIN_PASSWORD);
    }
  });

  it('a wrong password shows "Incorrect password"; the right one opens the console', async () => {
    await signIn(page, stack.baseUrl, 'AliceRBX');
    expectAdminSignedOut(page);
    await page.goto(`${stack.baseUrl}/admin`);
    const field = page.getByLabel('Admin password');
    await field.fill('not-the-password');
    expectFailedRequest(page, 401, '/api/admin/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByText('Incorrect password', { exact: true }).isVisible()).toBe(true);
    await shoot(page, 'login');

    const mobile = await browser.newPage({ viewport: MOBILE });
    await signIn(mobile, stack.baseUrl, 'AliceRBX');
    expectAdminSignedOut(mobile);
    await mobile.goto(`${stack.baseUrl}/admin`);
    await mobile.getByLabel('Admin password').waitFor();
    await shoot(mobile, 'login');
    await mobile.close();

    await field.fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.waitFor();
    for (const label of [
      'Overview',
      'Users',
      'Offers',
      'Promocodes',
      'Withdrawals',
      'Giveaways',
      'Audit log',
    ]) {
      expect(await nav.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    }
    expect(await nav.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    // The admin cookie is httpOnly: the page's script cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('admin_session');
    // The charts' days are the site's (SITE_TIME_ZONE, Europe/Brussels by default), named in the text.
    await page.getByText('The last 30 days (Central European Time).', { exact: true }).waitFor();
    await shootBothWidths(page, 'admin', 'overview');
  });

  it('bans and unbans a row in place; a banned player cannot sign in', async () => {
    await openSection(page, 'users');
    await expect.poll(() => page.getByText('Loading users...').isVisible()).toBe(false);
    for (const header of ['User ID', 'Username', 'Earnings', 'Status', 'Actions']) {
      expect(await page.getByRole('columnheader', { name: header, exact: true }).isVisible()).toBe(true);
    }
    const row = userRow(page, 'CarolPlays');
    const status = row.getByTestId('status');
    expect((await status.textContent())?.trim()).toBe('active');

    // Banning waits for the confirmation: until then the player is not banned.
    const before = dialogs.length;
    await row.getByRole('button', { name: 'Ban CarolPlays' }).click();
    await page.getByRole('alertdialog', { name: 'Ban CarolPlays?' }).waitFor();
    expect((await status.textContent())?.trim()).toBe('active');
    expect((await stack.api('POST', '/api/login', { username: 'CarolPlays' })).status).toBe(200);
    expect(await lastDialog(before + 1)).toMatch(/^CarolPlays can no longer sign in/);
    await expect.poll(async () => (await status.textContent())?.trim()).toBe('banned');
    expect((await stack.api('POST', '/api/login', { username: 'CarolPlays' })).status).toBe(403);

    // Unbanning gives access back: no question.
    await row.getByRole('button', { name: 'Unban CarolPlays' }).click();
    await expect.poll(async () => (await status.textContent())?.trim()).toBe('active');
    expect((await stack.api('POST', '/api/login', { username: 'CarolPlays' })).status).toBe(200);
    expect(dialogs.length).toBe(before + 1);
  });

  it('add points: 0 and an empty field alert "Invalid points"; 25, once confirmed, updates the row and the balance chip', async () => {
    await openSection(page, 'users');
    const row = userRow(page, 'AliceRBX');
    const field = row.getByLabel('Points to add to AliceRBX');
    const add = row.getByRole('button', { name: 'Add points to AliceRBX' });
    let addCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/admin/add-points')) addCalls++;
    });

    const before = dialogs.length;
    await field.fill('0');
    await add.click();
    expect(await lastDialog(before + 1)).toBe('Invalid points');
    await field.fill('');
    await add.click();
    expect(await lastDialog(before + 2)).toBe('Invalid points');
    expect(addCalls).toBe(0);

    await field.fill('25');
    await add.click();
    await page.getByRole('alertdialog', { name: 'Add points to AliceRBX?' }).waitFor();
    expect(addCalls).toBe(0);
    expect(await lastDialog(before + 3)).toMatch(/^Credit R\$ 25 to AliceRBX\?/);
    await expect.poll(async () => row.getByTestId('balance').textContent()).toContain('R$ 25.00');
    expect(addCalls).toBe(1);
    expect(dialogs.length).toBe(before + 3);
    // The balanceUpdated event refreshes the signed-in player's chip (the browser's player is AliceRBX).
    await expect
      .poll(async () => (await page.getByTestId('balance-chip').textContent()) ?? '', { timeout: 10_000 })
      .toContain('25');

    // The row opens the player's ledger.
    await row.getByRole('button', { name: 'Ledger of AliceRBX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ledger of AliceRBX' });
    await expect.poll(() => dialog.getByText('Admin grant').isVisible()).toBe(true);
    expect(await dialog.getByText('+R$ 25.00').isVisible()).toBe(true);
    await shoot(page, 'users-ledger');
    await dialog.getByRole('button', { name: 'Close ledger' }).click();
  });

  it('searches users on the server', async () => {
    await openSection(page, 'users');
    const search = page.getByRole('searchbox', { name: 'Search users by name' });
    await search.fill('carol');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await userRow(page, 'CarolPlays').isVisible()).toBe(true);
    await search.fill('nobodyhere');
    await expect.poll(() => page.getByText('No users found.', { exact: true }).isVisible()).toBe(true);
  });

  it('creates a promo code that a player redeems; deactivating it stops further redemptions', async () => {
    await openSection(page, 'promocodes');
    await page.getByLabel('Code', { exact: true }).fill('e2e-spring');
    await page.getByLabel('Amount (R$)', { exact: true }).fill('7');
    await page.getByLabel('Use limit', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Create code' }).click();
    const row = page.locator('tbody tr').filter({ hasText: 'E2E-SPRING' });
    await row.waitFor();
    expect(await row.textContent()).toContain('0 / 5');

    const bob = await playerToken('BobBuilder');
    const redeemed = await stack.api('POST', '/api/promocode/redeem', { code: 'e2e-spring' }, bearer(bob));
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ success: true, amount: 7 });

    await openSection(page, 'promocodes');
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('1 / 5');
    const before = dialogs.length;
    await row.getByRole('button', { name: 'Deactivate E2E-SPRING' }).click();
    expect(await lastDialog(before + 1)).toMatch(/^Deactivate promo code E2E-SPRING\?/);
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Inactive');

    const dave = await playerToken('DaveTheBrave');
    const refused = await stack.api('POST', '/api/promocode/redeem', { code: 'E2E-SPRING' }, bearer(dave));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await shoot(page, 'promocodes-list');
  });

  it("rejects a manual withdrawal after confirmation and the player's balance is restored", async () => {
    // Bob verifies his profile and owns a gamepass priced for 10 R$ (ceil(10 / 0.7) = 15).
    const bobPlayer = await signInPlayer(stack, 'BobBuilder');
    await verifyPlayer(stack, bobPlayer, '');
    const bob = bobPlayer.token;
    const pass = await stack.control('POST', '/gamepasses', { creatorId: 1002, price: 15 });

    // The admin gives Bob 20 R$ (he has 7 from the promo code).
    await openSection(page, 'users');
    const bobRow = userRow(page, 'BobBuilder');
    await expect.poll(async () => bobRow.getByTestId('balance').textContent()).toContain('R$ 7.00');
    await bobRow.getByLabel('Points to add to BobBuilder').fill('20');
    const beforeGrant = dialogs.length;
    await bobRow.getByRole('button', { name: 'Add points to BobBuilder' }).click();
    expect(await lastDialog(beforeGrant + 1)).toMatch(/^Credit R\$ 20 to BobBuilder\?/);
    await expect.poll(async () => bobRow.getByTestId('balance').textContent()).toContain('R$ 27.00');

    const withdraw = await stack.api(
      'POST',
      '/api/withdraw',
      { gamepassId: pass.id, amount: 10 },
      bearer(bob),
    );
    expect(withdraw.status).toBe(200);
    const balanceOf = async () =>
      (await stack.api('GET', '/api/user/BobBuilder', undefined, bearer(bob))).body.robux as number;
    expect(await balanceOf()).toBe(17);

    await openSection(page, 'withdrawals');
    const row = page.locator('tbody tr').filter({ hasText: 'BobBuilder' });
    await row.waitFor();
    expect(await row.textContent()).toContain('R$ 10');
    const link = row.getByRole('link', { name: String(pass.id) });
    expect(await link.getAttribute('href')).toBe(`https://www.roblox.com/game-pass/${pass.id}`);
    await shoot(page, 'withdrawals-queue');

    await row.getByRole('button', { name: 'Reject' }).click();
    await row.getByLabel('Reason for rejecting').fill('Gamepass link is wrong');
    const before = dialogs.length;
    await row.getByRole('button', { name: 'Reject and refund' }).click();
    expect(await lastDialog(before + 1)).toMatch(/^Reject withdrawal #\d+ of R\$ 10 to BobBuilder/);
    await expect.poll(() => page.getByText('No pending withdrawals.').isVisible()).toBe(true);
    await expect.poll(balanceOf).toBe(27);

    await page.getByRole('tab', { name: 'Refunded' }).click();
    await page.locator('tbody tr').filter({ hasText: 'BobBuilder' }).waitFor();
    expect(await page.getByText('Gamepass link is wrong').isVisible()).toBe(true);

    // A second request is marked paid (after buying the gamepass by hand): the balance stays debited.
    const pass2 = await stack.control('POST', '/gamepasses', { creatorId: 1002, price: 8 });
    const second = await stack.api('POST', '/api/withdraw', { gamepassId: pass2.id, amount: 5 }, bearer(bob));
    expect(second.status).toBe(200);
    await page.getByRole('tab', { name: 'Pending' }).click();
    const pendingRow = page.locator('tbody tr').filter({ hasText: String(pass2.id) });
    await pendingRow.waitFor();
    const beforePaid = dialogs.length;
    await pendingRow.getByRole('button', { name: 'Mark paid' }).click();
    expect(await lastDialog(beforePaid + 1)).toMatch(
      /^Mark withdrawal #\d+ of R\$ 5 to BobBuilder .* as paid\?/,
    );
    await expect.poll(() => page.getByText('No pending withdrawals.').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Paid' }).click();
    await page
      .locator('tbody tr')
      .filter({ hasText: String(pass2.id) })
      .waitFor();
    expect(await balanceOf()).toBe(22);
  });

  it('edits walls (write-only secret), lists a refused postback and replays it after the fix', async () => {
    const secret = 'e2e-lootably-secret';
    // Lootably enabled, from any address, but no secret yet: a postback signed as Lootably does
    // (SHA-256 of userID + ip + revenue + currencyReward + secret) is refused and stored.
    const enabled = await stack.api(
      'PATCH',
      '/api/admin/walls/lootably',
      { active: true, anyAddress: true },
      { cookie: await stack.adminCookie() },
    );
    expect(enabled.status).toBe(200);
    const params: Record<string, string> = {
      userID: '1003',
      transactionID: 'e2e-offer-1',
      ip: '203.0.113.9',
      revenue: '0.04',
      currencyReward: '4',
      status: '1',
    };
    const hash = createHash('sha256')
      .update(`${params.userID}${params.ip}${params.revenue}${params.currencyReward}${secret}`)
      .digest('hex');
    const refused = await stack.api(
      'GET',
      `/api/postback/lootably?${new URLSearchParams({ ...params, hash })}`,
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);

    await openSection(page, 'offers');
    const lootably = page.locator('tbody tr').filter({ hasText: 'lootably' }).first();
    await lootably.waitFor();
    expect(await lootably.textContent()).toContain('No secret');
    await lootably.getByRole('button', { name: 'Edit Lootably' }).click();
    const form = page.getByRole('form', { name: 'Edit Lootably' });
    const secretField = form.getByLabel('Secret', { exact: true });
    expect(await secretField.inputValue()).toBe('');
    await secretField.fill(secret);
    await form.getByRole('button', { name: 'Save wall' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(async () => (await lootably.textContent()) ?? '').toContain('Secret set');
    expect(await page.content()).not.toContain(secret);
    await lootably.getByRole('button', { name: 'Edit Lootably' }).click();
    expect(
      await page
        .getByRole('form', { name: 'Edit Lootably' })
        .getByLabel('Secret', { exact: true })
        .inputValue(),
    ).toBe('');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Add a wall, then disable it.
    await page.getByRole('button', { name: 'Add wall' }).click();
    const add = page.getByRole('form', { name: 'Add a wall' });
    await add.getByLabel('Slug (postback URL)').fill('e2e-wall');
    await add.getByLabel('Name', { exact: true }).fill('E2E Wall');
    await add.getByLabel('Kind').selectOption('survey');
    await add.getByLabel('Rate (R$ per USD)').fill('50');
    await add.getByRole('button', { name: 'Add wall' }).click();
    const added = page.locator('tbody tr').filter({ hasText: 'E2E Wall' });
    await added.waitFor();
    const before = dialogs.length;
    await added.getByRole('button', { name: 'Disable E2E Wall' }).click();
    expect(await lastDialog(before + 1)).toMatch(/^Disable E2E Wall\?/);
    await expect.poll(async () => (await added.textContent()) ?? '').toContain('Disabled');

    // The postback log: filter, raw parameters, verdict, replay.
    await page.getByLabel('Wall', { exact: true }).selectOption('lootably');
    await page.getByLabel('Verdict', { exact: true }).selectOption('no_secret');
    const logRow = page.locator('tbody tr').filter({ hasText: 'e2e-offer-1' });
    await logRow.waitFor();
    expect(await logRow.textContent()).toContain('no secret');
    await logRow.locator('summary').click();
    expect(await logRow.locator('pre').textContent()).toContain('"revenue": "0.04"');
    await shoot(page, 'offers-postbacks');
    const beforeReplay = dialogs.length;
    await logRow.getByRole('button', { name: /^Replay postback/ }).click();
    expect(await lastDialog(beforeReplay + 1)).toMatch(/^Replay postback #\d+ of lootably/);
    await expect.poll(() => page.getByText('Replayed: credited').isVisible()).toBe(true);
    const carol = await playerToken('CarolPlays');
    const me = await stack.api('GET', '/api/user/CarolPlays', undefined, bearer(carol));
    expect(me.body.robux).toBe(4); // under HOLD_EXEMPT_BELOW: available at once
    await page.getByLabel('Verdict', { exact: true }).selectOption('credited');
    await page.locator('tbody tr').filter({ hasText: 'e2e-offer-1' }).waitFor();
  });

  it('creates a giveaway, shows its entries and ends it early with a winner', async () => {
    await openSection(page, 'giveaways');
    const end = new Date(Date.now() + 2 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}T${pad(end.getHours())}:${pad(end.getMinutes())}`;
    await page.getByLabel('Title', { exact: true }).fill('E2E Giveaway');
    await page.getByLabel('Prize (R$)', { exact: true }).fill('50');
    await page.getByLabel('End date', { exact: true }).fill(local);
    await page.getByLabel('Description', { exact: true }).fill('Win 50 R$ in the e2e run');
    await page.getByRole('button', { name: 'Create giveaway' }).click();
    const row = page.locator('tbody tr').filter({ hasText: 'E2E Giveaway' });
    await row.waitFor();
    expect(await row.textContent()).toContain('0 entries');

    const bob = await playerToken('BobBuilder');
    expect((await stack.api('POST', '/api/giveaway/enter', {}, bearer(bob))).status).toBe(200);
    await openSection(page, 'giveaways');
    await row.getByRole('button', { name: '1 entry' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Entries' }).getByText('BobBuilder').isVisible())
      .toBe(true);

    const before = dialogs.length;
    await row.getByRole('button', { name: 'End now' }).click();
    expect(await lastDialog(before + 1)).toBe(
      'End the giveaway "E2E Giveaway" now? A winner will be picked from its 1 entry.',
    );
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Ended');
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('BobBuilder');
    await shoot(page, 'giveaways-list');
  });

  it('the overview shows the totals and renders both charts', async () => {
    await openSection(page, 'overview');
    const totals = page.getByRole('list', { name: 'Totals' });
    await totals.waitFor();
    for (const label of ['Players', 'R$ earned', 'R$ withdrawn', 'Withdrawals waiting', 'Postbacks today']) {
      expect(await totals.getByText(label, { exact: true }).isVisible()).toBe(true);
    }
    const charts = page.locator('svg.recharts-surface');
    await expect.poll(() => charts.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await charts.first().isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'R$ earned and withdrawn per day' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('heading', { name: 'New players per day' }).isVisible()).toBe(true);
    await shoot(page, 'overview');
  });

  it('the audit log shows the actions, newest first', async () => {
    await openSection(page, 'audit');
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    const actions = (await rows.getByTestId('audit-action').allTextContents()).map((a) => a.trim());
    for (const action of [
      'user.ban',
      'user.unban',
      'user.add_points',
      'withdrawal.reject',
      'withdrawal.paid',
      'giveaway.end',
      'promocode.create',
      'wall.create',
    ]) {
      expect(actions).toContain(action);
    }
    // Newest first: the rejection came after the ban.
    expect(actions.indexOf('withdrawal.reject')).toBeLessThan(actions.indexOf('user.ban'));
    expect(await page.getByText('Gamepass link is wrong').first().isVisible()).toBe(true);
    expect(await page.content()).not.toContain('e2e-lootably-secret');
  });

  it('every section looks right at 1280 and 390 px', async () => {
    for (const section of SECTIONS) {
      await openSection(page, section);
      await page.waitForLoadState('networkidle');
      await shoot(page, section);
    }
    const mobile = await browser.newPage({ viewport: MOBILE });
    await signIn(mobile, stack.baseUrl, 'AliceRBX');
    // A fresh browser context: sign in to the console again.
    expectAdminSignedOut(mobile);
    await mobile.goto(`${stack.baseUrl}/admin`);
    await mobile.getByLabel('Admin password').fill(ADMIN_PASSWORD);
    await mobile.getByRole('button', { name: 'Sign In', exact: true }).click();
    await mobile.getByRole('navigation', { name: 'Admin' }).waitFor();
    for (const section of SECTIONS) {
      await openSection(mobile, section);
      await mobile.waitForLoadState('networkidle');
      await shoot(mobile, section);
      // Nothing sticks out sideways at 390 px (wide tables scroll inside their own box).
      const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `${section} is wider than the screen`).toBeLessThanOrEqual(0);
    }
    await mobile.close();
  });

  it('logout returns to the password form and leaves the player signed in', async () => {
    await openSection(page, 'users');
    expectAdminSignedOut(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Admin password').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('rbx-username'))).toBe('AliceRBX');
    // Admin calls now answer 401 without ending the player's session.
    await page.reload();
    await page.getByLabel('Admin password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeTruthy();
  });
});
