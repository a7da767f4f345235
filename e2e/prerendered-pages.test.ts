import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, openJourney, stack } from './support/journey.ts';
import { DESKTOP, MOBILE, screenshots, signIn } from './support/stack.ts';

openJourney();

/*
 * The pages the build renders into their HTML (decision 0039): the landing and sign-in pages arrive
 * with their text in the browser's language and the app hydrates them, keeping every element the
 * HTML made; the earn page arrives as its shell, which the app replaces with the player's page. Any
 * difference between the HTML and the app's first render is a React error the journey fails on.
 */

const shoot = screenshots('prerendered', { fromTop: true });

const HEADINGS = {
  '/index': { en: 'Earn free Robux.', nl: 'Verdien gratis Robux.', fr: 'Gagne des Robux gratuits.' },
  '/login': {
    en: 'Sign in to start earning',
    nl: 'Log in en begin te verdienen',
    fr: 'Connecte-toi pour commencer à gagner',
  },
} as const;

/**
 * Counts, from before the HTML is parsed, every element removed from #root: hydration removes none,
 * a fresh render replaces them all.
 */
async function countRemovals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { removedFromRoot: number };
    w.removedFromRoot = 0;
    new MutationObserver((records) => {
      for (const r of records)
        if ((r.target as Element).id === 'root') w.removedFromRoot += r.removedNodes.length;
    }).observe(document, { childList: true, subtree: true });
  });
}

const removedFromRoot = (page: Page) =>
  page.evaluate(() => (window as unknown as { removedFromRoot: number }).removedFromRoot);

/** Whether React owns the page's first heading (it hydrated or rendered it). */
const headingIsReacts = (page: Page) =>
  page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((k) => k.startsWith('__react')));

describe('pages rendered by the build', () => {
  for (const path of ['/index', '/login'] as const) {
    it(`${path} arrives with its text in the browser's language and is hydrated, not rendered again`, async () => {
      for (const locale of ['en', 'nl', 'fr'] as const) {
        const sent = await fetch(`${stack.baseUrl}${path}`, { headers: { 'accept-language': locale } });
        expect(sent.status).toBe(200);
        const html = await sent.text();
        expect(html).toContain(`<div id="root" data-prerendered="${locale}">`);
        expect(html).toContain(HEADINGS[path][locale]);

        const context = await browser.newContext({ locale, viewport: MOBILE });
        const page = await context.newPage();
        await countRemovals(page);
        await page.goto(`${stack.baseUrl}${path}`);
        await expect.poll(() => headingIsReacts(page)).toBe(true);
        // The app's part that waits for hydration (the toaster's region) is there: hydration is done.
        await page.getByRole('region', { name: /notifications/i }).waitFor({ state: 'attached' });
        expect(await removedFromRoot(page), `${locale} ${path}: elements the HTML made were replaced`).toBe(
          0,
        );
        expect(await page.locator('h1').innerText()).toContain(HEADINGS[path][locale].replace(/\.$/, ''));
        await context.close();
      }
    });
  }

  it('a referral link renders the sign-in page afresh, and its title follows a change of language', async () => {
    const context = await browser.newContext({ locale: 'nl', viewport: DESKTOP });
    const page = await context.newPage();
    await countRemovals(page);
    await page.goto(`${stack.baseUrl}/login?ref=SomeFriend`);
    await expect.poll(() => headingIsReacts(page)).toBe(true);
    expect(await removedFromRoot(page)).toBeGreaterThan(0);
    await expect.poll(() => page.title()).toBe('Inloggen · RBXRewards');
    await page.locator('header select').first().selectOption('fr');
    await expect.poll(() => page.title()).toBe('Connexion · RBXRewards');
    await context.close();
  });

  it("a stored language other than the browser's renders the page afresh in the stored one", async () => {
    const context = await browser.newContext({ locale: 'en', viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/help`);
    await page.evaluate(() => localStorage.setItem('rbx-lang', 'fr'));
    await countRemovals(page);
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByRole('heading', { name: HEADINGS['/login'].fr }).waitFor();
    expect(await removedFromRoot(page)).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await context.close();
  });

  it("the earn page arrives as its shell and becomes the player's page; a visitor goes to /index", async () => {
    const shell = await (
      await fetch(`${stack.baseUrl}/earn`, { headers: { 'accept-language': 'nl' } })
    ).text();
    expect(shell).toContain('Welkom terug');
    expect(shell).not.toContain('data-prerendered');

    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${stack.baseUrl}/earn`);
    await page.waitForURL((url) => url.pathname === '/index');
    await page.getByRole('heading', { name: /Earn free Robux/ }).waitFor();

    await signIn(page, stack.baseUrl, 'AliceRBX');
    await page.goto(`${stack.baseUrl}/earn`);
    await page.getByRole('heading', { name: 'Welcome back, AliceRBX' }).waitFor();
    await shoot(page, 'earn');
    await page.goto(`${stack.baseUrl}/index`);
    await page.waitForURL((url) => url.pathname === '/earn');
    await page.close();
  });

  it('screenshots of the landing and sign-in pages as the browser paints them', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    for (const path of ['/index', '/login'] as const) {
      await page.goto(`${stack.baseUrl}${path}`);
      await page
        .getByRole('heading', { name: HEADINGS[path].en.replace(/\.$/, '') })
        .first()
        .waitFor();
      await shoot(page, path.slice(1));
    }
    await page.close();
  });
});
