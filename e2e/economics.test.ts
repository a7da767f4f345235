import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, browser, openJourney, stack } from './support/journey.ts';
import { ADMIN_PASSWORD, DESKTOP, expectAdminSignedOut, shootBothWidths, signIn } from './support/stack.ts';
import { cpxPostback, fromCpx } from './support/http.ts';
import { grantRobux, signInPlayer } from '../apps/server/test/support/players.ts';

/**
 * The console's Economics section: after CPX credits at known USD payouts, a reversal and an admin
 * grant, the owner reads the revenue, the per-wall table and the chart, in English, Dutch and French,
 * on a phone and a desktop.
 */

openJourney({ admin: true, env: { ROBUX_COST_USD: '0.004', OFFER_HOLD_HOURS: '0' } });

const WORDS = {
  en: { title: 'Economics', revenue: 'Revenue', walls: 'Per wall', csv: 'Download CSV' },
  nl: { title: 'Economie', revenue: 'Inkomsten', walls: 'Per wall', csv: 'CSV downloaden' },
  fr: { title: 'Économie', revenue: 'Revenus', walls: 'Par mur', csv: 'Télécharger le CSV' },
} as const;

const shoot = (page: Page, name: string) => shootBothWidths(page, 'economics', name);

describe('the Economics section in Chromium', () => {
  beforeAll(async () => {
    const player = await signInPlayer(stack, 'AliceRBX');
    // R$250, R$100 and R$40 at R$100 per USD; the R$100 one is reversed: USD 2.90 of revenue.
    for (const [trans, robux] of [
      ['econ-1', 250],
      ['econ-2', 100],
      ['econ-3', 40],
    ] as const) {
      const res = await stack.api('GET', cpxPostback(trans, player.robloxId, robux), undefined, fromCpx);
      expect(res.status).toBe(200);
    }
    const reversal = await stack.api(
      'GET',
      cpxPostback('econ-2', player.robloxId, 100, '2'),
      undefined,
      fromCpx,
    );
    expect(reversal.status).toBe(200);
    await grantRobux(stack, adminCookie, 'AliceRBX', 30);
  });

  it('shows revenue, the per-wall table and the chart at 390 and 1280 px in en, nl and fr', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, stack.baseUrl, 'AliceRBX');
    expectAdminSignedOut(page);
    await page.goto(`${stack.baseUrl}/admin`);
    await page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();

    for (const locale of ['en', 'nl', 'fr'] as const) {
      const words = WORDS[locale];
      if (locale !== 'en') {
        await page.locator('header select').first().selectOption(locale);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
      }
      await page.goto(`${stack.baseUrl}/admin?section=economics`);
      await page.getByRole('heading', { level: 2, name: words.title, exact: true }).waitFor();
      const figures = page.getByRole('list', { name: words.title });
      await figures.waitFor();
      const revenue = figures.getByRole('listitem').filter({ hasText: words.revenue }).first();
      await expect.poll(() => revenue.textContent()).toMatch(locale === 'en' ? /\$2\.90/ : /2,90/);
      const walls = page.getByRole('table').first();
      expect(await walls.getByRole('rowheader', { name: 'CPX Research' }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: words.walls }).isVisible()).toBe(true);
      expect(await page.getByRole('img', { name: locale === 'en' ? 'Per day' : /./ }).count()).toBe(1);
      expect(await page.getByRole('link', { name: words.csv }).getAttribute('href')).toBe(
        '/api/admin/economics/export?period=30d',
      );
      await shoot(page, locale);
    }
    await page.close();
  });
});
