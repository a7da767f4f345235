import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, openJourney, stack } from './support/journey.ts';
import { DESKTOP, shootBothWidths, signIn, watchErrors } from './support/stack.ts';

openJourney();

const ALICE = { name: 'AliceRBX', robloxId: 1001 };

/** Puts a sentence in the stand-in's profile description ("About"). */
const putInBio = (description: string) =>
  stack.control('PUT', `/users/${ALICE.robloxId}/description`, { description });

/** Puts the profile page's sentence into the bio and presses Verify. */
async function verifyOnProfile(page: Page): Promise<void> {
  await page.goto(`${stack.baseUrl}/profile`);
  const sentence = page.getByTestId('verification-sentence');
  await expect.poll(() => sentence.innerText()).toMatch(/^[a-z]+( [a-z]+){5}$/);
  await putInBio(`Hi! ${await sentence.innerText()}`);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect.poll(() => page.getByTestId('verify-message').innerText()).toBe('Verified successfully!');
}

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
    const errors = watchErrors(page);
    await signIn(page, stack.baseUrl, ALICE.name);
    await verifyOnProfile(page);

    const protect = page.getByRole('switch', { name: 'Protect my account' });
    expect(await protect.getAttribute('aria-checked')).toBe('false');
    await protect.click();
    await expect.poll(() => protect.getAttribute('aria-checked')).toBe('true');
    await shootBothWidths(page, 'protected', 'profile-section');

    // A second browser types the name: no session, the proof step instead.
    const second = await other.newPage();
    const secondErrors = watchErrors(second);
    await second.goto(`${stack.baseUrl}/login`);
    await second.getByLabel(/username/i).fill(ALICE.name);
    await second.getByRole('button', { name: 'Sign In', exact: true }).click();
    await second.getByTestId('protected-account-proof').waitFor();
    expect(await second.getByText('This account is protected. Prove it is yours').isVisible()).toBe(true);
    expect(await second.evaluate(() => localStorage.length)).toBe(0);
    const sentence = await second.getByTestId('proof-sentence').innerText();
    expect(sentence).toMatch(/^[a-z]+( [a-z]+){5}$/);
    await shootBothWidths(second, 'protected', 'proof-step');

    // Check before the sentence is in the bio: refused, still on the step.
    await second.getByRole('button', { name: 'Check', exact: true }).click();
    await second.getByText("The sentence is not in your Roblox profile's About yet").waitFor();

    await putInBio(`About me\n${sentence}`);
    await second.getByRole('button', { name: 'Check', exact: true }).click();
    await second.waitForURL((url) => url.pathname === '/earn');

    // The owner sees both sessions and signs the other out.
    await page.goto(`${stack.baseUrl}/profile`);
    const list = page.getByTestId('session-list').locator('li');
    await expect.poll(() => list.count()).toBe(2);
    expect(await page.getByText('Proven with a bio sentence').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sign out other sessions' }).click();
    await expect.poll(() => list.count()).toBe(1);
    expect(await list.first().getByText('This session').isVisible()).toBe(true);

    // The second browser's next call finds its session gone.
    await second.goto(`${stack.baseUrl}/profile`);
    await second.waitForURL((url) => /^\/(login|index)$/.test(url.pathname));
    expect(errors).toEqual([]);
    expect(secondErrors).toEqual([]);
  });
});
