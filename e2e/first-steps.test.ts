import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, openJourney, stack, verifyOnProfile } from './support/journey.ts';
import { bearer } from '../apps/server/test/support/site.ts';
import { DESKTOP, MOBILE, SHOTS_DIR, shootBothWidths, signIn } from './support/stack.ts';

/*
 * A new player's first-steps guide on the earn page: the server ticks each step after its event
 * (the daily claim, a social's credit, the bio check), the page shows it without a reload, and the
 * guide is gone once every step is done. The stack configures every social's link (SITE_OPERATOR).
 */

openJourney();

const guide = (page: Page) => page.getByTestId('first-steps');
const count = (page: Page) => page.getByTestId('first-steps-count').innerText();
const ticks = (page: Page) =>
  page
    .locator('[data-testid^="first-step-"][data-done]')
    .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-testid')}:${e.getAttribute('data-done')}`));

const stepsTicked = (daily: boolean, social: boolean, verify: boolean, withdraw: boolean) => [
  `first-step-daily:${daily}`,
  `first-step-social:${social}`,
  `first-step-verify:${verify}`,
  `first-step-withdraw:${withdraw}`,
];

/** Back to the earn page through the history: the app moves on without loading the page again. */
async function backToEarn(page: Page) {
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/earn');
}

describe('the first-steps guide', () => {
  it('ticks each step after its server event and is gone once all are done', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signIn(page, stack.baseUrl, 'AliceRBX');
    // Set once: a reload would lose it, so its presence at the end shows none happened.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await guide(page).waitFor();
    expect(await page.getByRole('heading', { name: 'Your first steps' }).isVisible()).toBe(true);
    await expect.poll(() => ticks(page)).toEqual(stepsTicked(false, false, false, false));
    expect(await count(page)).toBe('0 of 4 done');
    expect(await page.getByTestId('first-steps-withdraw-progress').innerText()).toBe('R$ 0 of R$ 5');
    await shootBothWidths(page, 'first-steps', 'new-player');

    // Compact on a phone: the offerwalls still begin on the first screen, below the guide.
    await page.setViewportSize(MOBILE);
    const walls = await page.getByRole('heading', { name: 'OFFERWALLS' }).boundingBox();
    expect(walls!.y + walls!.height).toBeLessThan(MOBILE.height);
    await page.screenshot({ path: join(SHOTS_DIR, 'first-steps-first-screen-390.png') });
    await page.setViewportSize(DESKTOP);

    // 1. The daily reward, on the page the step leads to; its R$ 50 passes the minimum withdrawal.
    await page.getByTestId('first-step-daily').click();
    await page.waitForURL((url) => url.pathname === '/daily');
    const day1 = page.getByRole('article', { name: 'Day 1' });
    await day1.getByRole('button', { name: 'CLAIM', exact: true }).click();
    await expect.poll(() => day1.getByRole('button', { name: 'CLAIMED' }).isVisible()).toBe(true);
    await backToEarn(page);
    await expect.poll(() => ticks(page)).toEqual(stepsTicked(true, false, false, true));
    expect(await count(page)).toBe('2 of 4 done');
    expect(await page.getByTestId('first-step-withdraw').innerText()).toContain('Ready to withdraw');
    await shootBothWidths(page, 'first-steps', 'daily-claimed');

    // 2. A social, further down this page: its credit ticks the step where the player is.
    await page.getByTestId('first-step-social').click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#socials');
    const card = page.getByTestId('social-discord');
    const opened = context.waitForEvent('page');
    await card.click();
    await (await opened).close();
    await expect.poll(() => card.textContent(), { timeout: 10_000 }).toContain('Claimed');
    await expect.poll(() => ticks(page), { timeout: 10_000 }).toEqual(stepsTicked(true, true, false, true));
    expect(await count(page)).toBe('3 of 4 done');

    // 3. The profile, proven by the bio check: the last step, so the guide goes.
    await page.getByTestId('first-step-verify').click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await verifyOnProfile(page, 1001);
    await backToEarn(page);
    await page.getByRole('heading', { name: 'OFFERWALLS' }).waitFor();
    await expect.poll(() => guide(page).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await shootBothWidths(page, 'first-steps', 'done');

    // It stays gone: the server says the guide is done, after a reload too.
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/first-steps');
    await page.reload();
    expect((await (await answer).json()).done).toBe(true);
    await page.getByRole('heading', { name: 'OFFERWALLS' }).waitFor();
    expect(await guide(page).count()).toBe(0);
    await context.close();
  });

  for (const [locale, texts] of [
    ['nl', { title: 'Je eerste stappen', count: '1 van 4 klaar', progress: 'R$ 1,50 van R$ 5' }],
    ['fr', { title: 'Tes premiers pas', count: '1 sur 4 faits', progress: 'R$ 1,50 sur R$ 5' }],
  ] as const) {
    it(`in ${locale}: the texts and the amount in the language's format`, async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await signIn(page, stack.baseUrl, locale === 'nl' ? 'BobBuilder' : 'CarolPlays');
      // A social followed already (R$ 1,50): one step ticked, the balance on its way to the minimum.
      const token = await page.evaluate(() => localStorage.getItem('auth-token'));
      const followed = await stack.api('POST', '/api/socials/youtube/claim', undefined, bearer(token!));
      expect(followed.status).toBe(200);
      // The language a player chose before (the top bar's menu stores it).
      await page.evaluate((lang) => localStorage.setItem('rbx-lang', lang), locale);
      await page.reload();
      await page.getByRole('heading', { name: texts.title }).waitFor();
      expect(await count(page)).toBe(texts.count);
      expect(await page.getByTestId('first-steps-withdraw-progress').innerText()).toBe(texts.progress);
      await shootBothWidths(page, 'first-steps', locale);
      await page.close();
    });
  }
});
