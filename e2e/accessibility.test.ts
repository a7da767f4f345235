import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, browser, openJourney, stack } from './support/journey.ts';
import { DESKTOP, MOBILE, shootAtWidth } from './support/stack.ts';
import { signInPlayer } from '../apps/server/test/support/players.ts';
import { signInContext } from './support/signed-in-context.ts';

/*
 * axe-core, the engine behind the browsers' accessibility audits, on the pages a player and an
 * operator use most, at a phone's and a desktop's width: every rule of WCAG 2.1 A and AA, axe's best
 * practices and the experimental `label-content-name-mismatch`, 0 violations. axe's source is
 * evaluated through the DevTools protocol, which the site's Content-Security-Policy does not govern,
 * so the pages run with their real policy.
 */

openJourney({ admin: true });

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PLAYER = 'AxePlayer';

interface Violation {
  id: string;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

const PAGES: Array<{ path: string; ready: (page: Page) => Promise<unknown>; as?: 'player' | 'admin' }> = [
  // The landing and sign-in pages arrive rendered and the earn page as its shell (decision 0039):
  // each is ready once the app runs it (the language list opens, the player is named).
  { path: '/', ready: (p) => p.locator('header select:enabled').first().waitFor() },
  { path: '/login', ready: (p) => p.locator('form button[type="submit"]:enabled').waitFor() },
  { path: '/earn', as: 'player', ready: (p) => p.locator('main h1', { hasText: PLAYER }).waitFor() },
  { path: '/withdraw', as: 'player', ready: (p) => p.locator('main h1').first().waitFor() },
  { path: '/profile', as: 'player', ready: (p) => p.getByTestId('verification-sentence').waitFor() },
  {
    path: '/admin?section=users',
    as: 'admin',
    ready: (p) => p.getByRole('heading', { level: 2, name: 'Users', exact: true }).waitFor(),
  },
];

let player: { token: string; robloxId: number; name: string };

beforeAll(async () => {
  player = await signInPlayer(stack, PLAYER);
});

async function contextFor(as: 'player' | 'admin' | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP });
  if (!as) return context;
  return signInContext(context, stack.baseUrl, player, as === 'admin' ? adminCookie : undefined);
}

/** axe's violations on the page as it is now, each with the elements it names. */
async function violations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      // Experimental, and the one of that kind a visitor's tool flags on this site's menus.
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })) as { violations: Violation[] };
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

describe('axe-core finds no violation', () => {
  for (const { path, ready, as } of PAGES) {
    it(`on ${path} at 390 and 1280 px`, async () => {
      const context = await contextFor(as);
      const page = await context.newPage();
      try {
        for (const viewport of [MOBILE, DESKTOP]) {
          await page.setViewportSize(viewport);
          await page.goto(`${stack.baseUrl}${path}`);
          await ready(page).catch(async (err: unknown) => {
            await shootAtWidth(page, 'axe-FAILED', path.replace(/\W+/g, '_'));
            throw err;
          });
          // The fonts settle the layout axe measures (contrast, target sizes); the live feed keeps a
          // connection open, so the network never goes idle.
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          const found = await violations(page);
          if (found.length > 0) await shootAtWidth(page, 'axe', path.replace(/\W+/g, '_') || 'landing');
          expect(found, `${path} at ${viewport.width} px`).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });
  }

  it('and would report one: an unlabelled field or a button named apart from its text', async () => {
    const context = await contextFor(undefined);
    const page = await context.newPage();
    try {
      await page.goto(`${stack.baseUrl}/login`);
      await PAGES[1]!.ready(page);
      await page.evaluate(() => {
        const input = document.createElement('input');
        input.type = 'text';
        const button = document.createElement('button');
        button.textContent = 'Account';
        button.setAttribute('aria-label', 'Open the menu');
        document.querySelector('main')!.append(input, button);
      });
      expect((await violations(page)).map((v) => v.id)).toEqual(
        expect.arrayContaining(['label', 'label-content-name-mismatch']),
      );
    } finally {
      await context.close();
    }
  });
});
