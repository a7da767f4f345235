import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '../apps/web/src/config/paths.ts';
import { areas, readCatalogue, sameKeys, texts, type Locale } from './support/catalogues.ts';
import { cpxPostback, fromCpx } from './support/http.ts';
import { expectNotFoundPage } from './support/browser-errors.ts';
import { openGiveaway, settle } from './support/page-walk.ts';
import { signInContext } from './support/signed-in-context.ts';
import { adminCookie, openJourney, stack } from './support/journey.ts';
import { chromiumOptions, DESKTOP, journeyBrowser, ROOT, shootBothWidths } from './support/stack.ts';

/*
 * The languages, in real Chromium started with `--lang=nl-BE`: the first visit
 * follows the browser (Dutch, `<html lang="nl">`); every page of the spec and every admin section is
 * walked in Dutch, switched to French and back to English through the top bar's menu without a
 * reload; no English text of the catalogue (nor English sentences missing from it) shows in Dutch or
 * French, and amounts follow the language (`1.234,50` against `1,234.50`).
 */

// Credits land at once, so the balance chip shows the R$ 1,234.50 of the seeded offer.
openJourney({ admin: true, env: { OFFER_HOLD_HOURS: '0' } });

/** A rendered message's pattern: its literal parts, anything for each placeholder. */
const patternOf = (template: string) =>
  new RegExp(
    `^${template
      .split(/\{\w+\}/)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+?')}$`,
    's',
  );

interface EnglishOnly {
  key: string;
  text: string;
  pattern: RegExp;
}

/** The patterns of every message of a language: a text matching one of them is that language's. */
function messagesOf(locale: 'nl' | 'fr'): RegExp[] {
  return areas().flatMap((area) =>
    Object.values(readCatalogue(area, `${locale}.json`))
      .flatMap(texts)
      .map(patternOf),
  );
}

/** English messages whose Dutch and French differ: seeing one of them on a nl or fr page is a miss. */
function englishOnlyMessages(): EnglishOnly[] {
  const out: EnglishOnly[] = [];
  for (const area of areas()) {
    const same = sameKeys(area);
    const en = readCatalogue(area, 'en.json');
    const nl = readCatalogue(area, 'nl.json');
    const fr = readCatalogue(area, 'fr.json');
    for (const key of Object.keys(en)) {
      if (same.has(key)) continue;
      const foreign = [...texts(nl[key]), ...texts(fr[key])];
      for (const text of texts(en[key])) {
        // Too short to tell apart from data or a shared word ("OK", "R$").
        if (text.replace(/\{\w+\}/g, '').replace(/[^A-Za-z]/g, '').length < 4) continue;
        if (foreign.includes(text)) continue;
        out.push({ key, text, pattern: patternOf(text) });
      }
    }
  }
  return out;
}

/**
 * Words of English that Dutch and French texts do not use: a sentence with one of them is English,
 * catalogued or not. Content marked `translate="no"` (names, codes, walls' own titles) is skipped.
 */
const ENGLISH_WORDS =
  /\b(the|your|you|with|this|that|are|and|please|from|have|has|will|been|when|what|which|there|here|yet|not|no longer|already|into|would|should|could)\b/i;

/** The page's visible and announced texts: text nodes, labels, placeholders, titles, alt texts. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip = (el: Element | null) => !el || Boolean(el.closest('script,style,noscript,[translate="no"]'));
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (skip(node.parentElement)) continue;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (text) out.push(text);
    }
    for (const el of Array.from(document.body.querySelectorAll('[aria-label],[placeholder],[title],[alt]'))) {
      if (skip(el)) continue;
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

async function englishOn(page: Page, english: EnglishOnly[], locale: 'nl' | 'fr'): Promise<string[]> {
  const found: string[] = [];
  for (const text of await pageTexts(page)) {
    // The same words can be a message of both languages ("Transactions" in French).
    if (own[locale].some((pattern) => pattern.test(text))) continue;
    const message = english.find((e) => e.pattern.test(text));
    if (message) found.push(`"${text}" (${message.key})`);
    else if (ENGLISH_WORDS.test(text)) found.push(`"${text}" (not in the catalogue)`);
  }
  return found;
}

/** Picks a language in the top bar's menu (its name is "Language" in the page's current language). */
async function switchTo(page: Page, locale: Locale): Promise<void> {
  await page.locator('header select').first().selectOption(locale);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
  await settle(page);
}

const PLAYER = 'AliceRBX';
const OTHER = 'BobBuilder';
const ADMIN_SECTIONS = [
  ...readFileSync(join(ROOT, 'apps/web/src/features/admin/components/sections.ts'), 'utf8').matchAll(
    /id: '([\w-]+)'/g,
  ),
].map((match) => match[1]!);
const ROUTES: string[] = [
  pageRoutes.landing.path,
  pageRoutes.login.path,
  `/login?ref=${OTHER}`,
  ...Object.values(pageRoutes)
    .filter((r) => r.session && r.path !== '/admin')
    .map((r) => r.path),
  ...ADMIN_SECTIONS.map((s) => `/admin?section=${s}`),
  '/no-such-page',
];

let browser: Browser;
let english: EnglishOnly[];
let own: Record<'nl' | 'fr', RegExp[]>;
let session: { token: string; robloxId: number };

beforeAll(async () => {
  english = englishOnlyMessages();
  own = { nl: messagesOf('nl'), fr: messagesOf('fr') };
  // Headless Chromium on Linux takes the languages pages see (navigator.languages, Accept-Language)
  // from --accept-lang; --lang picks the interface's language pack, which Debian ships apart
  // (chromium-l10n). Both are given, as a Dutch-speaking Belgian's browser would have them.
  browser = journeyBrowser(
    await chromium.launch({
      ...chromiumOptions,
      args: [...chromiumOptions.args, '--lang=nl-BE', '--accept-lang=nl-BE,nl'],
    }),
  );
  // Something on every page: a balance of R$ 1,234.50, a credit, a giveaway, a promo code, a referral.
  const login = await stack.api('POST', '/api/login', { username: PLAYER });
  expect(login.status).toBe(200);
  session = { token: login.body.token, robloxId: login.body.user.robloxId };
  expect((await stack.api('POST', '/api/login', { username: OTHER })).status).toBe(200);
  // The balance chip and the admin's user list (earnings) both show R$ 1,234.50 (two credits: a wall
  // pays at most R$ 1,000 per postback).
  for (const [trans, robux] of [
    ['lang-1', 1000],
    ['lang-2', 234.5],
  ] as const) {
    expect(
      (await stack.api('GET', cpxPostback(trans, session.robloxId, robux), undefined, fromCpx)).status,
    ).toBe(200);
  }
  await stack.api('POST', '/api/admin/promocodes', { code: 'TALEN', amount: 5 }, { cookie: adminCookie });
  await openGiveaway();
});

afterAll(async () => {
  await browser?.close();
});

/** A context signed in as the player and as the admin. */
async function signedInContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP });
  return signInContext(context, stack.baseUrl, { ...session, name: PLAYER }, adminCookie);
}

describe('three languages', () => {
  it('Chromium with --lang=nl-BE opens the landing page in Dutch with <html lang="nl">', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/`);
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
    expect(await page.evaluate(() => navigator.language)).toBe('nl-BE');
    expect(await englishOn(page, english, 'nl')).toEqual([]);
    // Nothing was stored: the browser's language decided, and a later choice is what gets kept.
    expect(await page.evaluate(() => localStorage.getItem('rbx-lang'))).toBeNull();
    await shootBothWidths(page, 'languages', 'landing-nl');
    await context.close();
  });

  it('walks every page in Dutch and French, switching without a reload, with no English left', async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    const misses: string[] = [];
    const amounts: string[] = [];
    // The unknown page logs its path as an error (the not-found page's own report).
    expectNotFoundPage(page, '/no-such-page');
    for (const route of ROUTES) {
      await page.goto(`${stack.baseUrl}${route}`);
      await settle(page);
      // The choice made on the previous page is kept (rbx-lang); the walk starts each page in Dutch.
      if ((await page.evaluate(() => document.documentElement.lang)) !== 'nl') await switchTo(page, 'nl');
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

      for (const locale of ['nl', 'fr'] as const) {
        if (locale !== 'nl') await switchTo(page, locale);
        for (const miss of await englishOn(page, english, locale))
          misses.push(`${route} [${locale}] ${miss}`);
        const body = await page.locator('body').innerText();
        for (const amount of body.match(/\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{2})?|\d+[.,]\d{2}\b/g) ?? []) {
          if (/^\d{1,3}(,\d{3})+(\.\d{2})?$|^\d+\.\d{2}$/.test(amount))
            amounts.push(`${route} [${locale}] ${amount}`);
        }
        if (route === '/earn') await shootBothWidths(page, 'languages', `earn-${locale}`);
      }
      await switchTo(page, 'en');
      // Switched three times and still the same document: no reload.
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await switchTo(page, 'nl');
    }
    expect(misses).toEqual([]);
    // No English-style amount (1,234.50 or 12.00) on a Dutch or French page.
    expect(amounts).toEqual([]);
    await context.close();
  }, 600_000);

  it('R$ 1,234.50 reads 1.234,50 in Dutch and French and 1,234.50 in English, the admin console included', async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    const expected: Record<Locale, string> = { en: '1,234.50', nl: '1.234,50', fr: '1.234,50' };
    await page.goto(`${stack.baseUrl}/earn`);
    await settle(page);
    for (const locale of ['en', 'nl', 'fr'] as const) {
      await switchTo(page, locale);
      await expect
        .poll(() => page.getByTestId('balance-chip').first().textContent())
        .toContain(expected[locale]);
    }
    await page.goto(`${stack.baseUrl}/admin?section=users`);
    for (const locale of ['en', 'nl', 'fr'] as const) {
      await switchTo(page, locale);
      await expect
        .poll(() => page.locator('tbody tr').filter({ hasText: PLAYER }).first().innerText(), {
          timeout: 10_000,
        })
        .toContain(expected[locale]);
    }
    await context.close();
  }, 180_000);
});
