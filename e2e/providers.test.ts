import { join } from 'node:path';
import type { BrowserContext, Dialog, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, browser, openJourney, stack } from './support/journey.ts';
import { expectFailedRequest } from './support/browser-errors.ts';
import { ADMIN_PASSWORD, DESKTOP, expectAdminSignedOut, MOBILE, SHOTS_DIR, signIn } from './support/stack.ts';
import { cpxPostback, fromCpx } from './support/http.ts';
import { acceptConfirmation } from './support/confirmation.ts';

/**
 * The provider set-up in the admin console, end to end: a wall's secret, its postback URL, the
 * allow-list warning, a test postback that credits a real player R$0.01, and a postback over the
 * wall's max credit that waits in the log until the admin approves (or rejects) it.
 */

openJourney({ admin: true });

const LOOTABLY_SECRET = 'e2e-lootably-provider-secret';
const ALICE = { username: 'AliceRBX', robloxId: 1001 };

let context: BrowserContext;
let page: Page;
let aliceToken: string;
const dialogs: string[] = [];

/** Alice's balance in cents, read through the player API. */
async function aliceCents(): Promise<number> {
  const me = await stack.api('GET', `/api/user/${ALICE.username}`, undefined, {
    authorization: `Bearer ${aliceToken}`,
  });
  expect(me.status).toBe(200);
  return Math.round((me.body.robux as number) * 100);
}

/** A viewport screenshot with `target` scrolled to the top, at 1280 px and at 390 px wide. */
async function shoot(name: string, target: Locator): Promise<void> {
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    // Scroll the page (not the tables' own sideways scrollers) so `target` sits under the header.
    await target.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 88));
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SHOTS_DIR, `providers-${name}-${viewport.width}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

function wallRow(slug: string): Locator {
  return page.locator(`tbody tr[data-wall="${slug}"]`);
}

function logRow(transId: string): Locator {
  return page.locator('tbody tr[data-postback-id]').filter({ hasText: transId });
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

async function openOffers(): Promise<void> {
  await page.goto(`${stack.baseUrl}/admin?section=offers`);
  await page.getByRole('heading', { level: 2, name: 'Offers', exact: true }).waitFor({ timeout: 15_000 });
  await wallRow('lootably').waitFor();
}

/** The stored postback of `transId` on `wall`, read through the admin API. */
async function storedPostback(wall: string, transId: string) {
  const res = await asAdmin('GET', `/api/admin/postbacks?wall=${wall}`);
  expect(res.status).toBe(200);
  const list = res.body.postbacks as {
    id: number;
    transId: string;
    userId: number | null;
    verdict: string;
    amount: number | null;
  }[];
  return list.find((p) => p.transId === transId);
}

describe('provider set-up in the admin console (Chromium)', () => {
  beforeAll(async () => {
    context = await browser.newContext({
      viewport: DESKTOP,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = await context.newPage();
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the player signs in through the login page; the admin signs in to the console', async () => {
    await signIn(page, stack.baseUrl, ALICE.username);
    const login = await stack.api('POST', '/api/login', { username: ALICE.username });
    expect(login.status).toBe(200);
    expect(login.body.user.robloxId).toBe(ALICE.robloxId);
    aliceToken = login.body.token as string;

    expectAdminSignedOut(page);
    await page.goto(`${stack.baseUrl}/admin`);
    await page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
  });

  it('configures Lootably: scheme, provider id, secret; the empty allow-list is flagged; the postback URL copies', async () => {
    await openOffers();
    const row = wallRow('lootably');
    // As shipped: disabled, and the row says what it needs before players can open it.
    expect(await row.textContent()).toContain('No secret');
    expect(await row.textContent()).toContain('Disabled');
    expect(await row.textContent()).toContain(
      'Coming soon until set: Placement ID, postback secret, allowed addresses (or any address)',
    );
    expect(await row.getByText('No address yet', { exact: true }).isVisible()).toBe(true);
    await shoot('wall-row-missing', row);

    await row.getByRole('button', { name: 'Edit Lootably' }).click();
    const form = page.getByRole('form', { name: 'Edit Lootably' });
    expect(await form.getByLabel('Postback scheme').inputValue()).toBe('lootably');
    expect(await form.getByLabel('Postback scheme').locator('option:checked').textContent()).toBe(
      'Lootably (SHA-256 hash)',
    );
    // The frame template's {placementId} has its own field, empty until the operator fills it in.
    const placement = form.getByLabel('Placement ID (frame)');
    expect(await placement.inputValue()).toBe('');
    await placement.fill('e2e-placement-7');
    const addresses = form.getByLabel('Allowed addresses');
    expect(await addresses.inputValue()).toBe('');
    const none = form.getByText('No address is listed: every postback is refused', { exact: false });
    expect(await none.isVisible()).toBe(true);
    // Typing an address clears the warning; emptying the field brings it back.
    await addresses.fill('203.0.113.7');
    expect(await none.isVisible()).toBe(false);
    await addresses.fill('');
    expect(await none.isVisible()).toBe(true);
    // Lootably publishes no addresses: the operator accepts any, and is warned what that means.
    await form.getByRole('checkbox', { name: /Accept postbacks from any address/ }).check();
    const any = form.getByText(
      'Any address may send postbacks for this wall: only the signature protects it.',
    );
    expect(await any.isVisible()).toBe(true);
    await form.getByRole('checkbox', { name: /^Active/ }).check();
    expect(await form.getByLabel('Max credit per postback (R$)').inputValue()).toBe('1000');
    await form.getByLabel('Secret', { exact: true }).fill(LOOTABLY_SECRET);
    await shoot('wall-form', form);
    await shoot('wall-form-addresses', form.getByLabel('Max credit per postback (R$)'));
    await form.getByRole('button', { name: 'Save wall' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Secret set');
    expect(await row.textContent()).toContain('Open: players can use it and are credited.');
    expect(await row.getByText('Any address', { exact: true }).isVisible()).toBe(true);
    expect(await page.content()).not.toContain(LOOTABLY_SECRET);

    // The postback URL to paste into Lootably's dashboard, with Lootably's own macros.
    const urlField = row.getByRole('textbox', { name: 'Postback URL of Lootably' });
    const postbackUrl = await urlField.inputValue();
    expect(postbackUrl.startsWith(`${stack.baseUrl}/api/postback/lootably?`)).toBe(true);
    expect(postbackUrl).toContain('transactionID={transactionID}');
    expect(postbackUrl).toContain('hash={hash}');
    await row.getByRole('button', { name: 'Copy the postback URL of Lootably' }).click();
    await page.getByText('Postback URL copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(postbackUrl);
    await shoot('wall-row', row);
  });

  it('"Send a test postback" credits the player exactly R$0.01 through the real postback path', async () => {
    await openOffers();
    const before = await aliceCents();
    await wallRow('lootably').getByRole('button', { name: 'Send a test postback to Lootably' }).click();
    const panel = page.getByRole('region', { name: 'Test postback to Lootably' });
    await panel.getByLabel("Player's username").fill(ALICE.username);
    await panel.getByRole('button', { name: 'Send test postback' }).click();
    const result = panel.getByTestId('test-postback-result');
    await result.waitFor({ timeout: 15_000 });
    expect((await result.getByTestId('test-postback-verdict').textContent())?.trim()).toBe('credited');
    const text = (await result.textContent()) ?? '';
    expect(text).toContain('Test postback accepted');
    expect(text).toContain('HTTP status200');
    expect(text).toContain('Answer1'); // Lootably expects exactly "1"
    expect(text).toContain(`${stack.baseUrl}/api/postback/lootably?userID=${ALICE.robloxId}`);
    await shoot('test-result', panel);

    expect(await aliceCents()).toBe(before + 1);
    // The test shows up in the log as a credit to Alice.
    const test = (await asAdmin('GET', '/api/admin/postbacks?wall=lootably&verdict=credited')).body
      .postbacks[0] as { transId: string; amount: number; userId: number };
    expect(test.transId).toMatch(/^test-/);
    expect(test.amount).toBe(0.01);
    await panel.getByRole('button', { name: 'Close the test postback' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('a test postback for an unknown player shows the error and credits nobody', async () => {
    await openOffers();
    await wallRow('lootably').getByRole('button', { name: 'Send a test postback to Lootably' }).click();
    const panel = page.getByRole('region', { name: 'Test postback to Lootably' });
    await panel.getByLabel("Player's username").fill('NobodySignedIn');
    expectFailedRequest(page, 404, '/api/admin/walls/lootably/test-postback');
    await panel.getByRole('button', { name: 'Send test postback' }).click();
    await expect
      .poll(async () => (await panel.getByRole('alert').textContent()) ?? '')
      .toContain('NobodySignedIn');
    expect(await panel.getByTestId('test-postback-result').count()).toBe(0);
  });

  it('a CPX postback over the max credit is held; approving it in the log credits R$4 exactly once', async () => {
    await openOffers();
    // Lower CPX's max credit to R$1 in the wall form.
    const row = wallRow('cpx');
    await row.getByRole('button', { name: 'Edit CPX Research' }).click();
    const form = page.getByRole('form', { name: 'Edit CPX Research' });
    expect((await form.getByLabel('Allowed addresses').inputValue()).split('\n')).toContain('188.40.3.73');
    await form.getByLabel('Max credit per postback (R$)').fill('1');
    await form.getByRole('button', { name: 'Save wall' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Max R$ 1 / postback');
    expect(await row.getByText('3 allowed addresses').isVisible()).toBe(true);

    const before = await aliceCents();
    // CPX sends R$4 from one of its published addresses: more than the max, so it waits for an admin.
    // (Under HOLD_EXEMPT_BELOW, so once approved it is available at once.)
    const sent = await stack.api('GET', cpxPostback('e2e-held-1', ALICE.robloxId, 4), undefined, fromCpx);
    expect(sent.status).toBe(200);
    const held = await storedPostback('cpx', 'e2e-held-1');
    expect(held).toMatchObject({ verdict: 'held', amount: 4 });
    expect(await aliceCents()).toBe(before);
    // A second one, to be rejected.
    await stack.api('GET', cpxPostback('e2e-held-2', ALICE.robloxId, 7), undefined, fromCpx);
    expect(await storedPostback('cpx', 'e2e-held-2')).toMatchObject({ verdict: 'held', amount: 7 });

    await page.getByLabel('Verdict', { exact: true }).selectOption('held');
    const heldRow = logRow('e2e-held-1');
    await heldRow.waitFor();
    expect(await heldRow.getByTestId('amount').textContent()).toBe('R$ 4');
    expect(await heldRow.textContent()).toContain("over this wall's maximum"); // the reason
    await shoot('held-row', page.getByRole('heading', { name: 'Postback log' }));

    // Reject the second: nothing is credited.
    const rejectAt = dialogs.length;
    await logRow('e2e-held-2')
      .getByRole('button', { name: /^Reject postback/ })
      .click();
    expect(await lastDialog(rejectAt + 1)).toMatch(
      /^Reject postback #\d+ of cpx \(transaction e2e-held-2\)\?/,
    );
    await page.getByText('Postback rejected').waitFor();
    await logRow('e2e-held-2').waitFor({ state: 'detached' });
    expect(await storedPostback('cpx', 'e2e-held-2')).toMatchObject({ verdict: 'rejected' });
    expect(await aliceCents()).toBe(before);

    // Approve the first: R$4, once.
    const approveAt = dialogs.length;
    await heldRow.getByRole('button', { name: /^Approve postback/ }).click();
    expect(await lastDialog(approveAt + 1)).toBe(
      `Approve postback #${held!.id} of cpx (transaction e2e-held-1)? It credits R$ 4 to user ${held!.userId}, once.`,
    );
    await page.getByText('Postback approved').waitFor();
    await heldRow.waitFor({ state: 'detached' }); // the held list refreshed
    await page.getByText('No postbacks match.').waitFor();
    expect(await aliceCents()).toBe(before + 400);

    // Approving again, or CPX retrying the postback, credits nothing more.
    expect((await asAdmin('POST', `/api/admin/postbacks/${held!.id}/approve`)).status).toBe(409);
    await stack.api('GET', cpxPostback('e2e-held-1', ALICE.robloxId, 4), undefined, fromCpx);
    expect(await aliceCents()).toBe(before + 400);

    await page.getByLabel('Verdict', { exact: true }).selectOption('approved');
    await logRow('e2e-held-1').waitFor();
  });
});
