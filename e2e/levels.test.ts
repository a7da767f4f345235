import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cpxPostback, fromCpx } from './support/http.ts';
import { asAdmin, browser, openJourney, robuxOf, stack } from './support/journey.ts';
import {
  ADMIN_PASSWORD,
  DESKTOP,
  expectAdminSignedOut,
  MOBILE,
  SHOTS_DIR,
  shootBothWidths,
  signIn,
} from './support/stack.ts';

openJourney({ admin: true, env: { OFFER_HOLD_HOURS: '0' } });

/** Earns `robux` for `username` through a signed CPX postback. */
async function earn(username: string, trans: string, robux: number): Promise<void> {
  const login = await stack.api('POST', '/api/login', { username });
  expect(login.status).toBe(200);
  const res = await stack.api('GET', cpxPostback(trans, login.body.user.robloxId, robux), undefined, fromCpx);
  expect(res.status).toBe(200);
}

/** What each language shows: the profile's progress line, the menu's, the leaderboard's badge. */
const WORDS = {
  en: { progress: 'R$ 45.00 of R$ 90.00 toward level 4', level: 'Level 3', badge: 'Lv 3' },
  nl: { progress: 'R$ 45,00 van R$ 90,00 naar niveau 4', level: 'Niveau 3', badge: 'Niv. 3' },
  fr: { progress: 'R$ 45,00 sur R$ 90,00 vers le niveau 4', level: 'Niveau 3', badge: 'Niv. 3' },
} as const;

/** Full-page shots at 1280 and 390 px, from the top (a scrolled page draws the sticky header mid-page). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootBothWidths(page, 'levels', name);
}

/** The account menu opened by `open`, shot on screen at 1280 and 390 px. */
async function shootMenu(page: Page, name: string, open: () => Promise<void>): Promise<void> {
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await open();
    await page.screenshot({ path: join(SHOTS_DIR, `levels-${name}-${viewport.width}.png`) });
    await page.keyboard.press('Escape');
  }
  await page.setViewportSize(DESKTOP);
}

describe('levels', () => {
  beforeAll(async () => {
    const reward = await asAdmin('POST', '/api/admin/level-rewards', { level: 2, amount: 5 });
    expect(reward.status).toBe(201);
    await earn('AliceRBX', 'levels-1', 30);
    await earn('AliceRBX', 'levels-2', 15);
    await earn('BobBuilder', 'levels-3', 12);
  });

  it('the credit that reaches a level pays its reward before any page is opened', async () => {
    const bob = await stack.api('POST', '/api/login', { username: 'BobBuilder' });
    expect(bob.status).toBe(200);
    // R$12 earned and level 2's reward of R$5, paid with the credit; reading the balance pays nothing.
    expect(await robuxOf({ name: 'BobBuilder', token: bob.body.token })).toBe(17);
  });

  it('the profile, the account menu and the leaderboard show the level, in en, nl and fr', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, stack.baseUrl, 'AliceRBX');

    for (const locale of ['en', 'nl', 'fr'] as const) {
      const words = WORDS[locale];
      if (locale !== 'en') {
        await page.locator('header select').first().selectOption(locale);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
      }

      await page.goto(`${stack.baseUrl}/profile`);
      const card = page.getByTestId('profile-level');
      await expect.poll(() => card.textContent()).toContain(words.progress);
      expect(await card.getByTestId('level-badge').textContent()).toContain(words.level);
      expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('10');
      // R$45 earned and level 2's reward of R$5, paid once.
      await expect.poll(() => page.getByTestId('stat-Balance').textContent()).toMatch(/^R\$ 50[.,]00$/);
      await shoot(page, `profile-${locale}`);

      const menu = page.getByTestId('menu-level');
      await shootMenu(page, `menu-${locale}`, async () => {
        await page.getByTestId('user-menu').click();
        await expect.poll(() => menu.textContent()).toContain(words.progress);
      });

      await page.goto(`${stack.baseUrl}/leaderboard`);
      const row = (name: string) => page.getByRole('row').filter({ hasText: name });
      await expect
        .poll(() => row('AliceRBX').getByTestId('level-badge').textContent())
        .toContain(words.badge);
      expect(await row('BobBuilder').getByTestId('level-badge').textContent()).toContain(
        locale === 'en' ? 'Lv 2' : 'Niv. 2',
      );
      await shoot(page, `leaderboard-${locale}`);
    }

    const payments = await asAdmin('GET', '/api/admin/level-rewards');
    // Each was paid once, by the credit that took them to level 2: AliceRBX whatever she read, and
    // BobBuilder without ever opening his level.
    expect(payments.body.rewards).toEqual([expect.objectContaining({ level: 2, paid: 2 })]);
    await page.close();
  }, 180_000);

  it("the console's Levels section lists the reward with the players paid, in en, nl and fr", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, stack.baseUrl, 'BobBuilder');
    expectAdminSignedOut(page);
    await page.goto(`${stack.baseUrl}/admin`);
    await page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    for (const [locale, title] of [
      ['en', 'Levels'],
      ['nl', 'Niveaus'],
      ['fr', 'Niveaux'],
    ] as const) {
      if (locale !== 'en') {
        await page.locator('header select').first().selectOption(locale);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
      }
      await page.goto(`${stack.baseUrl}/admin?section=levels`);
      await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
      const row = page.locator('tr[data-level="2"]');
      await expect.poll(() => row.textContent()).toMatch(/R\$ 5/);
      await shoot(page, `console-${locale}`);
    }
    await page.close();
  }, 180_000);
});
