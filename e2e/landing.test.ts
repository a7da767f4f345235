import { describe, expect, it } from 'vitest';
import { browser, openJourney, stack } from './support/journey.ts';
import { DESKTOP, MOBILE, shootAtWidth } from './support/stack.ts';

openJourney();

/** Figures and promises the landing page once made up: none may appear while the site has not measured them. */
const INVENTED = ['1.5M', '1,5M', '500K', '4.9', '4,9', 'instant', 'immédiat', 'meteen', 'direct'];

describe('the landing page of a fresh install', () => {
  for (const [label, viewport] of [
    ['390', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    it(`claims nothing the site has not measured, in English, Dutch and French (${label} px)`, async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(`${stack.baseUrl}/index`);
      for (const [locale, firstDay] of [
        ['en', 'On your first day: the daily reward'],
        ['nl', 'Op je eerste dag: de dagelijkse beloning'],
        ['fr', 'Ton premier jour : la récompense quotidienne'],
      ] as const) {
        if (locale !== 'en') {
          await page.locator('header select').first().selectOption(locale);
          await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
        }
        // The cards say what a new player gets by the site's settings: R$50 on day one, R$5 at least.
        await page.getByText(firstDay).waitFor();
        await expect.poll(() => page.getByText('R$ 50', { exact: true }).isVisible()).toBe(true);
        const text = `${await page.title()}\n${await page.locator('body').innerText()}`;
        for (const claim of INVENTED) expect(text.toLowerCase(), `${locale}: ${claim}`).not.toContain(claim);
        await shootAtWidth(page, 'landing', `fresh-${locale}`);
      }
      await page.close();
    });
  }
});
