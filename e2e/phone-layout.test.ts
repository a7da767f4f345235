import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '../apps/web/src/config/paths.ts';
import { cpxPostback, fromCpx } from './support/http.ts';
import { browser, openJourney, stack } from './support/journey.ts';
import { MOBILE, SHOTS_DIR, shootBothWidths } from './support/stack.ts';
import { openGiveaway, settle } from './support/page-walk.ts';
import { bearer } from '../apps/server/test/support/site.ts';

/*
 * Phone first: at 390 px, in English, Dutch and French, every player page fits the phone. No text
 * is cut (an element that hides its overflow, or ends it with an ellipsis, is not narrower than its
 * content) and the document is no wider than the screen; on every signed-in page the balance shows
 * in the screen; and the welcome toast after signing in leaves the top bar's buttons uncovered.
 * One browser context per language, signed in once through the login page.
 */

// Credits land at once: the balance reads R$ 1,234.50, the widest figure the pages show here.
openJourney({ admin: true, env: { OFFER_HOLD_HOURS: '0' } });

const PLAYER = 'AliceRBX';
const LOCALES = ['en', 'nl', 'fr'] as const;
type Locale = (typeof LOCALES)[number];

const SIGNED_OUT = [pageRoutes.landing.path, pageRoutes.login.path];
// Every page a player opens signed in (the admin console is staff's, and desktop-first).
const SIGNED_IN = Object.values(pageRoutes)
  .filter((route) => route.session && route.path !== pageRoutes.admin.path)
  .map((route) => route.path);
/** Pages shot at 390 and 1280 px in Dutch and French, to look at. */
const SHOT = new Set<string>([pageRoutes.withdraw.path, pageRoutes.daily.path, pageRoutes.earn.path]);

/** The top bar's menu button (it opens the navigation drawer, a dialog). */
const menuButton = (page: Page) => page.locator('header button[aria-haspopup="dialog"]');

beforeAll(async () => {
  const login = await stack.api('POST', '/api/login', { username: PLAYER });
  expect(login.status).toBe(200);
  const robloxId: number = login.body.user.robloxId;
  // Two credits (a wall pays at most R$ 1,000 per postback): a balance, an offer, transactions.
  for (const [trans, robux] of [
    ['phone-1', 1000],
    ['phone-2', 234.5],
  ] as const) {
    expect((await stack.api('GET', cpxPostback(trans, robloxId, robux), undefined, fromCpx)).status).toBe(
      200,
    );
  }
  // A claimed day, whose badge is the widest word of the daily page.
  const claim = await stack.api(
    'POST',
    '/api/streak-rewards/claim',
    { username: PLAYER },
    bearer(login.body.token),
  );
  expect(claim.status, JSON.stringify(claim.body)).toBe(200);
  await openGiveaway();
});

/**
 * What does not fit the screen: the document wider than the viewport, and each visible element whose
 * text is wider than its box while it hides its horizontal overflow (or ends it with an ellipsis) or
 * keeps its text on one line.
 */
async function overflowsOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > window.innerWidth + 1) {
      out.push(`the document is ${scrollWidth} px wide in a ${window.innerWidth} px screen`);
    }
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const style = getComputedStyle(el);
      const clips =
        style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      // Text kept on one line (a button, a badge) that is wider than its box spills out of it.
      const oneLine = style.whiteSpace === 'nowrap' || style.whiteSpace === 'pre';
      if (!(clips || oneLine) || el.scrollWidth <= el.clientWidth + 1) continue;
      // Screen-reader-only text (the skip link until focused) is clipped away on purpose.
      const clippedAway = style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)';
      if (clippedAway || el.clientWidth <= 1 || !el.checkVisibility({ visibilityProperty: true })) continue;
      const text = el.innerText.replace(/\s+/g, ' ').trim();
      if (!text) continue;
      const name = `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''}`;
      out.push(`${name} "${text.slice(0, 60)}" needs ${el.scrollWidth} px, has ${el.clientWidth} px`);
    }
    // A square icon drawn narrower than it is tall: its row gave it up for text that did not fit.
    for (const icon of Array.from(document.body.querySelectorAll<SVGSVGElement>('svg[viewBox]'))) {
      const [, , w, h] = (icon.getAttribute('viewBox') ?? '').split(/\s+/);
      const box = icon.getBoundingClientRect();
      if (w !== h || box.height === 0 || !icon.checkVisibility()) continue;
      if (box.width + 0.5 < box.height) {
        const where = icon.closest('button,a,[data-testid]');
        const label = (where as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').trim().slice(0, 60);
        out.push(`an icon in "${label ?? ''}" is squeezed to ${box.width.toFixed(1)} of ${box.height} px`);
      }
    }
    return out;
  });
}

/** The top bar's round and square buttons that the row squeezes narrower than they are tall. */
async function squeezedControls(page: Page): Promise<string[]> {
  const squeezed: string[] = [];
  for (const [name, control] of Object.entries({
    'menu button': menuButton(page),
    'account menu': page.getByTestId('user-menu'),
  })) {
    const box = await control.boundingBox();
    if (!box || box.width + 0.5 < box.height) squeezed.push(name);
  }
  return squeezed;
}

/** Whether the balance chip shows inside the screen, with a size. */
async function balanceShown(page: Page): Promise<boolean> {
  const chip = page.getByTestId('balance-chip');
  if ((await chip.count()) !== 1) return false;
  return chip.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return (
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      box.width > 0 &&
      box.height > 0 &&
      box.left >= 0 &&
      box.top >= 0 &&
      box.right <= window.innerWidth &&
      box.bottom <= window.innerHeight
    );
  });
}

/** The top-bar controls a toast may not cover: which of them something else covers at its centre. */
async function coveredControls(page: Page): Promise<string[]> {
  const controls = {
    'menu button': menuButton(page),
    'account menu': page.getByTestId('user-menu'),
    balance: page.getByTestId('balance-chip'),
  };
  const covered: string[] = [];
  for (const [name, control] of Object.entries(controls)) {
    const hit = await control.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return (
        top !== null && (el === top || el.contains(top) || Boolean(el.closest('a,button')?.contains(top)))
      );
    });
    if (!hit) covered.push(name);
  }
  return covered;
}

/** A phone, in `locale` from its first page (as a player who chose it before). */
async function phoneIn(locale: Locale): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: MOBILE });
  await context.addInitScript(
    ({ locale, site }) => {
      if (location.origin === site && !localStorage.getItem('rbx-lang'))
        localStorage.setItem('rbx-lang', locale);
    },
    { locale, site: stack.baseUrl },
  );
  return context;
}

describe('player pages on a 390 px phone', () => {
  for (const locale of LOCALES) {
    it(`in ${locale}: nothing cut or wider than the screen, the balance shown, the top bar uncovered`, async () => {
      const context = await phoneIn(locale);
      const page = await context.newPage();
      const problems: string[] = [];
      const check = async (path: string, signedIn: boolean) => {
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
        for (const overflow of await overflowsOn(page)) problems.push(`${path}: ${overflow}`);
        // The chip comes with the signed-in shell, which a busy machine may render after the page settled.
        if (signedIn) await page.getByTestId('balance-chip').waitFor({ timeout: 15_000 });
        if (signedIn && !(await balanceShown(page)))
          problems.push(`${path}: the balance is not in the screen`);
        if (signedIn)
          for (const name of await squeezedControls(page)) problems.push(`${path}: the ${name} is squeezed`);
        if (locale !== 'en' && SHOT.has(path)) {
          await shootBothWidths(page, 'phone-layout', `${path.slice(1)}-${locale}`);
          await page.setViewportSize(MOBILE);
        }
      };

      for (const path of SIGNED_OUT) {
        await page.goto(`${stack.baseUrl}${path}`);
        await check(path, false);
      }

      // Signed in through the form (its field and button by name, whatever the language).
      await page.locator('input[name="username"]').fill(PLAYER);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === '/earn');
      const toast = page.locator('[data-sonner-toast]').first();
      await toast.waitFor();
      await menuButton(page).waitFor();
      // Once the toast has slid in and stopped, the top bar's controls are still the ones under a tap.
      await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      expect(await toast.isVisible()).toBe(true);
      for (const name of await coveredControls(page)) problems.push(`a toast covers the ${name}`);
      await page.screenshot({ path: join(SHOTS_DIR, `phone-layout-welcome-toast-${locale}-390.png`) });

      for (const path of SIGNED_IN) {
        if (path !== '/earn') await page.goto(`${stack.baseUrl}${path}`);
        await check(path, true);
      }
      expect(problems.join('\n')).toBe('');
      await context.close();
    }, 300_000);
  }
});
