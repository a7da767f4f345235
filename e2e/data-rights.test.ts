import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '@rewards/contracts';
import { expectFailedRequest } from './support/browser-errors.ts';
import { asAdmin, browser, openJourney, stack, verifyOnProfile } from './support/journey.ts';
import { DESKTOP, MOBILE, SHOTS_DIR, signIn } from './support/stack.ts';

openJourney({ admin: true });

const ALICE = { name: 'AliceRBX', robloxId: 1001 };

/**
 * The open dialog at 1280 and 390 px: what the viewport shows (a full-page capture would paint the
 * fixed dialog and its overlay over the wrong part of the page).
 */
async function shootDialog(page: Page, name: string): Promise<void> {
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SHOTS_DIR, `data-rights-${name}-${viewport.width}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

/** The admin's row for this name (there is at most one account per name at a time). */
async function adminRow(name: string) {
  const res = await asAdmin('GET', `/api/all-users?search=${name}&page=1&pageSize=25`);
  expect(res.status).toBe(200);
  return (
    res.body.users as Array<{ _id: number; username: string; balance: number; verified: boolean }>
  ).find((u) => u.username === name);
}

/**
 * A player downloads their data, deletes the account, and signs in again: proven, the same account
 * opens, its balance given up.
 */
describe('data rights in Chromium', () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('download my data, delete my account, sign in again to the same account, emptied', async () => {
    const page = await context.newPage();
    await signIn(page, stack.baseUrl, ALICE.name);
    await verifyOnProfile(page, ALICE.robloxId);
    const before = await adminRow(ALICE.name);
    expect(before).toBeTruthy();
    const credit = await asAdmin('POST', '/api/admin/add-points', { userId: before!._id, points: 25 });
    expect(credit.status).toBe(200);

    // Download my data: a JSON file that names the player and holds their ledger.
    await page.reload();
    await expect.poll(() => page.getByTestId('stat-Balance').innerText()).toBe('R$ 25.00');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^rbxrewards-data-AliceRBX-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as AccountExport;
    expect(data.account).toMatchObject({ id: before!._id, username: ALICE.name, robloxId: ALICE.robloxId });
    expect(data.account.verified).toBe(true);
    expect(data.ledger.map((e) => e.amount)).toContain(25);

    // Delete my account: the dialog states the forfeit first and waits for DELETE.
    const panel = page.getByRole('region', { name: 'Delete my account' });
    await panel.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete my account' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('deletion-forfeit').innerText()).toContain('You will lose R$ 25.00.');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await shootDialog(page, 'delete-dialog');
    // The page then signs the deleted account's session out, which the server no longer knows (401).
    expectFailedRequest(page, 401, '/api/logout');
    await confirm.click();

    // Signed out, on the landing page, told so.
    await page.waitForURL((url) => url.pathname === '/index');
    await page.getByText('Your account was deleted.').waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await adminRow(ALICE.name)).toBeUndefined();

    // The same Roblox name is asked for proof (signIn puts the sentence in the bio), then the same
    // account opens again, with nothing of the balance it gave up.
    await signIn(page, stack.baseUrl, ALICE.name);
    await page.goto(`${stack.baseUrl}/profile`);
    await expect.poll(() => page.getByTestId('stat-Balance').innerText()).toBe('R$ 0.00');
    const after = await adminRow(ALICE.name);
    expect(after).toMatchObject({ _id: before!._id, balance: 0 });
  });
});
