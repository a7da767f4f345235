import { describe, expect, it } from 'vitest';
import { SITE_OPERATOR } from '../apps/server/test/support/server-env.ts';
import { expectNotFoundPage } from './support/browser-errors.ts';
import { browser, openJourney, stack } from './support/journey.ts';
import { DESKTOP, shootBothWidths, signIn } from './support/stack.ts';

openJourney();

/** Text of each public page a visitor must be able to read before signing in. */
const PUBLIC_PAGES: Record<string, { heading: string; text: string }> = {
  '/terms': { heading: 'Terms of Service', text: 'Governing law' },
  '/privacy-policy': { heading: 'Privacy Policy', text: 'Governing law' },
  '/help': { heading: 'Help Center', text: 'Open a ticket' },
};

describe('Terms, Privacy and Help are public; the operator is named and reachable', () => {
  it('logged out, each page shows its text, the operator and an e-mail link, and stays where it is', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    for (const [path, { heading, text }] of Object.entries(PUBLIC_PAGES)) {
      const response = await page.goto(`${stack.baseUrl}${path}`);
      expect([path, response?.status()]).toEqual([path, 200]);
      await expect.poll(() => page.getByRole('heading', { name: heading, level: 1 }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
      expect(new URL(page.url()).pathname).toBe(path);
      // No session was made: the page did not sign anyone in on the way.
      expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
      const main = page.locator('main');
      await expect.poll(() => main.getByText(SITE_OPERATOR.OPERATOR_NAME).first().isVisible()).toBe(true);
      const mail = main.getByRole('link', { name: SITE_OPERATOR.CONTACT_EMAIL }).last();
      expect(await mail.getAttribute('href')).toBe(`mailto:${SITE_OPERATOR.CONTACT_EMAIL}`);
      await shootBothWidths(page, 'public', path.slice(1));
    }
    // The footer on every page names the operator and links the community chat and the e-mail.
    const footer = page.locator('footer');
    expect(await footer.getByText(SITE_OPERATOR.OPERATOR_ADDRESS, { exact: false }).count()).toBe(1);
    const chat = footer.getByRole('link', { name: /Discord server/ }).first();
    expect(await chat.getAttribute('href')).toBe(SITE_OPERATOR.COMMUNITY_URL);
    expect(await page.content()).not.toContain('placeholder');
    await page.close();
  });

  it('the sign-in page links to Terms, Privacy and Help, which open without signing in', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${stack.baseUrl}/login`);
    await shootBothWidths(page, 'public', 'login');
    for (const [name, path] of [
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy-policy'],
      ['Help Center', '/help'],
    ] as const) {
      await page.goto(`${stack.baseUrl}/login`);
      await page.locator('main').getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await expect
        .poll(() => page.getByRole('heading', { name: PUBLIC_PAGES[path]!.heading, level: 1 }).isVisible())
        .toBe(true);
    }
    await page.close();
  });

  it('signed in, Help opens in the signed-in shell with its sidebar', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, stack.baseUrl, 'AliceRBX');
    await page.goto(`${stack.baseUrl}/help`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Help Center', level: 1 }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByTestId('balance-chip').isVisible()).toBe(true);
    await page.close();
  });

  it('an unknown path answers 404 with the not-found page', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    expectNotFoundPage(page, '/no/such/page');
    const response = await page.goto(`${stack.baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText('Oops! Page not found').isVisible()).toBe(true);
    await shootBothWidths(page, 'public', 'not-found');
    // A page of the list, written in another casing, is still a page.
    const daily = await fetch(`${stack.baseUrl}/Daily`);
    expect(daily.status).toBe(200);
    await page.close();
  });
});
