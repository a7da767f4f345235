import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailedRequest } from './support/browser-errors.ts';
import { browser, openJourney, stack, verifyOnProfile } from './support/journey.ts';
import { join } from 'node:path';
import { DESKTOP, MOBILE, SHOTS_DIR, shootBothWidths, signIn } from './support/stack.ts';

openJourney();

const ALICE = { name: 'AliceRBX', robloxId: 1001 };

/** Puts a sentence in the stand-in's profile description ("About"). */
const putInBio = (description: string) =>
  stack.control('PUT', `/users/${ALICE.robloxId}/description`, { description });

describe('a protected account in Chromium', () => {
  let owner: BrowserContext;
  let other: BrowserContext;

  beforeAll(async () => {
    owner = await browser.newContext({ viewport: DESKTOP });
    other = await browser.newContext({ viewport: DESKTOP });
  });
  afterAll(async () => {
    await owner?.close();
    await other?.close();
  });

  it('protection on; typing the name asks for proof; the bio proof opens it; the owner signs it out', async () => {
    const page = await owner.newPage();
    await signIn(page, stack.baseUrl, ALICE.name);
    await verifyOnProfile(page, ALICE.robloxId);

    // Proven by the bio check: protected by default.
    const protect = page.getByRole('switch', { name: 'Protect my account' });
    await expect.poll(() => protect.getAttribute('aria-checked')).toBe('true');
    await shootBothWidths(page, 'protected', 'profile-section');

    // A second browser types the name: no session, the proof step instead.
    const second = await other.newPage();
    await second.goto(`${stack.baseUrl}/login`);
    await second.getByLabel(/username/i).fill(ALICE.name);
    expectFailedRequest(second, 403, '/api/login');
    await second.getByRole('button', { name: 'Sign In', exact: true }).click();
    await second.getByTestId('protected-account-proof').waitFor();
    expect(await second.getByText('This account is protected. Prove it is yours').isVisible()).toBe(true);
    expect(await second.evaluate(() => localStorage.length)).toBe(0);
    const sentence = await second.getByTestId('proof-sentence').innerText();
    expect(sentence).toMatch(/^[a-z]+( [a-z]+){5}$/);
    await shootBothWidths(second, 'protected', 'proof-step');

    // Check before the sentence is in the bio: refused, still on the step.
    expectFailedRequest(second, 400, '/api/login/prove');
    await second.getByRole('button', { name: 'Check', exact: true }).click();
    await second.getByText("The sentence is not in your Roblox profile's About yet").waitFor();

    await putInBio(`About me\n${sentence}`);
    await second.getByRole('button', { name: 'Check', exact: true }).click();
    await second.waitForURL((url) => url.pathname === '/earn');

    // The owner sees both sessions and signs the other out. From then on any call of the second
    // browser may answer 401: the earn page it is on reconnects its live stream, for one.
    expectFailedRequest(second, 401, /\/api\/[^?)]*/, { optional: true });
    await page.goto(`${stack.baseUrl}/profile`);
    const list = page.getByTestId('session-list').locator('li');
    await expect.poll(() => list.count()).toBe(2);
    expect(await page.getByText('Proven with a bio sentence').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sign out other sessions' }).click();
    await expect.poll(() => list.count()).toBe(1);
    expect(await list.first().getByText('This session').isVisible()).toBe(true);

    // The second browser's next calls find its session gone: the profile page asks for the profile and
    // the balance at once, and whichever answers 401 first ends the session, so either may be logged.
    expectFailedRequest(second, 401, new RegExp(`/api/(profile|user)/${ALICE.name}`));
    await second.goto(`${stack.baseUrl}/profile`);
    await second.waitForURL((url) => /^\/(login|index)$/.test(url.pathname));
  });
});

describe('acts that need proof, in Chromium', () => {
  const BOB = { name: 'BobBuilder', robloxId: 1002 };

  it('a typed-name session asks for proof in place before the data leaves, then downloads it', async () => {
    const owner = await browser.newContext({ viewport: DESKTOP });
    const typed = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    try {
      // Bob proves his account and turns the default protection off: his name opens a session again.
      const page = await owner.newPage();
      await signIn(page, stack.baseUrl, BOB.name);
      await page.goto(`${stack.baseUrl}/profile`);
      const sentence = page.getByTestId('verification-sentence');
      await expect.poll(() => sentence.innerText()).toMatch(/^[a-z]+( [a-z]+){5}$/);
      await stack.control('PUT', `/users/${BOB.robloxId}/description`, {
        description: await sentence.innerText(),
      });
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      const protect = page.getByRole('switch', { name: 'Protect my account' });
      await expect.poll(() => protect.getAttribute('aria-checked')).toBe('true');
      await protect.click();
      await expect.poll(() => protect.getAttribute('aria-checked')).toBe('false');

      // Another browser types the name: it may earn, but downloading asks for proof first.
      const other = await typed.newPage();
      await signIn(other, stack.baseUrl, BOB.name);
      await other.goto(`${stack.baseUrl}/profile`);
      expectFailedRequest(other, 403, '/api/account/export');
      await other.getByRole('button', { name: 'Download my data' }).click();
      const dialog = other.getByTestId('prove-ownership');
      await dialog.getByTestId('proof-sentence').waitFor();
      expect(await dialog.getByText('Anyone can type a Roblox name').isVisible()).toBe(true);
      for (const viewport of [DESKTOP, MOBILE]) {
        await other.setViewportSize(viewport);
        await other.waitForTimeout(150);
        await other.screenshot({ path: join(SHOTS_DIR, `proof-dialog-${viewport.width}.png`) });
      }
      await other.setViewportSize(DESKTOP);
      // Check before the sentence is in the bio: refused, the dialog stays.
      expectFailedRequest(other, 400, '/api/account/prove');
      await dialog.getByRole('button', { name: 'Check', exact: true }).click();
      await dialog.getByText("The sentence is not in your Roblox profile's About yet").waitFor();

      const proof = await dialog.getByTestId('proof-sentence').innerText();
      await stack.control('PUT', `/users/${BOB.robloxId}/description`, { description: `me: ${proof}` });
      const [download] = await Promise.all([
        other.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Check', exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^rbxrewards-data-BobBuilder-/);
      await expect.poll(() => dialog.count()).toBe(0);
      // Proven for ten minutes: signing the other session out needs no second proof.
      await other.getByRole('button', { name: 'Sign out other sessions' }).click();
      await expect.poll(() => other.getByTestId('session-list').locator('li').count()).toBe(1);
    } finally {
      await owner.close();
      await typed.close();
    }
  });
});
