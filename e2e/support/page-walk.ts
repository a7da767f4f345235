import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { asAdmin } from './journey.ts';

/*
 * For the journeys that walk every page (languages.test.ts, phone-layout.test.ts): something on the
 * pages that would otherwise be empty, and a wait for each page's data.
 */

/** An open giveaway (a day left, R$ 100), so the giveaways page shows its countdown and entry button. */
export async function openGiveaway(): Promise<void> {
  const giveaway = await asAdmin('POST', '/api/admin/giveaways', {
    title: 'Weekly',
    prize: 100,
    endAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(giveaway.status).toBe(201);
}

/**
 * Waits for the page's data: no spinner left and the text unchanged for a moment. (The network is
 * never idle: the live feed keeps its stream open.)
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect
    .poll(() => page.locator('[aria-busy="true"], .animate-spin').count(), { timeout: 15_000 })
    .toBe(0);
  let before = '';
  await expect
    .poll(
      async () => {
        const now = await page.locator('body').innerText();
        // Empty until the app's first render, which on a busy machine may come after 'load'.
        const stable = now !== '' && now === before;
        before = now;
        return stable;
      },
      { timeout: 15_000, interval: 300 },
    )
    .toBe(true);
}
