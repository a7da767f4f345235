import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  startTurnstileStandin,
  type TurnstileStandin,
} from '../apps/server/test/support/turnstile-standin.ts';
import { expectFailedRequest } from './support/browser-errors.ts';
import { browser, openJourney, stack } from './support/journey.ts';
import { DESKTOP, screenshots } from './support/stack.ts';

/**
 * The Turnstile human check in the browser: with TURNSTILE_SITE_KEY/TURNSTILE_SECRET_KEY set, the
 * sign-in, daily and promo pages show the widget and send its token; the server checks it with a
 * local stand-in of Cloudflare's siteverify. Cloudflare's widget script cannot be fetched here, so
 * its URL is answered with a small imitation (same `window.turnstile` calls: render, reset, remove)
 * that hands out tokens the stand-in issued: the page's CSP must still allow the script's origin.
 */

let turnstile: TurnstileStandin;

openJourney({
  env: async () => {
    turnstile = await startTurnstileStandin();
    return {
      TURNSTILE_SITE_KEY: turnstile.siteKey,
      TURNSTILE_SECRET_KEY: turnstile.secret,
      TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
    };
  },
});

/** Cloudflare's script, imitated: a "Verify you are human" checkbox that hands the page a token. */
function fakeTurnstileScript(tokens: string[]): string {
  return `(() => {
  const tokens = ${JSON.stringify(tokens)};
  let next = 0;
  let ids = 0;
  const widgets = new Map();
  function draw(w) {
    w.el.replaceChildren();
    const label = document.createElement('label');
    label.setAttribute('data-testid', 'fake-turnstile');
    label.style.cssText = 'display:flex;align-items:center;gap:10px;height:65px;padding:0 14px;border:1px solid #3f3f46;background:#222;color:#fafafa;font:14px system-ui;border-radius:4px;box-sizing:border-box;width:100%';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.style.cssText = 'width:22px;height:22px';
    box.addEventListener('change', () => {
      if (!box.checked) return;
      box.disabled = true;
      text.textContent = 'Success!';
      w.opts.callback(tokens[next++]);
    });
    const text = document.createElement('span');
    text.textContent = 'Verify you are human';
    label.append(box, text);
    w.el.append(label);
  }
  window.turnstile = {
    render(el, opts) {
      const id = 'w' + ++ids;
      widgets.set(id, { el, opts });
      draw(widgets.get(id));
      return id;
    },
    reset(id) { const w = widgets.get(id); if (w) draw(w); },
    remove(id) { const w = widgets.get(id); if (w) { w.el.replaceChildren(); widgets.delete(id); } },
  };
})();`;
}

async function withFakeTurnstile(page: Page): Promise<void> {
  // Each page load fetches the script again and gets tokens of its own (each works once).
  await page.route('https://challenges.cloudflare.com/**', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: fakeTurnstileScript(Array.from({ length: 10 }, () => turnstile.issue())),
    }),
  );
}

const shoot = screenshots('human-check');

const check = (page: Page) => page.getByTestId('fake-turnstile').locator('input').check();

describe('human check (Turnstile) journeys', () => {
  afterAll(async () => {
    await turnstile?.close();
  });

  it('sign-in asks for the check, sends the token, and the server has Cloudflare verify it', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await withFakeTurnstile(page);
    await page.goto(`${stack.baseUrl}/login`);
    await expect.poll(() => page.getByTestId('fake-turnstile').isVisible()).toBe(true);
    await page.getByLabel(/username/i).fill('AliceRBX');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // Not ticked yet: the page says what to do and sends nothing.
    await expect.poll(() => page.getByText(/Please complete the human check/).isVisible()).toBe(true);
    expect(turnstile.calls).toHaveLength(0);
    await shoot(page, 'login');

    await check(page);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/earn');
    expect(turnstile.calls).toHaveLength(1);
    expect(turnstile.calls[0]).toMatchObject({ secret: turnstile.secret, remoteip: '127.0.0.1' });
  });

  it('the daily claim and a promo code each need a fresh tick; a check that cannot be done is said plainly', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await withFakeTurnstile(page);
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByLabel(/username/i).fill('BobBuilder');
    await check(page);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/earn');

    await page.goto(`${stack.baseUrl}/daily`);
    const day1 = page.getByRole('article', { name: 'Day 1' });
    await expect.poll(() => day1.getByRole('button', { name: 'CLAIM', exact: true }).isEnabled()).toBe(true);
    await expect.poll(() => page.getByText('Confirm you are human, then claim').isVisible()).toBe(true);
    await day1.getByRole('button', { name: 'CLAIM', exact: true }).click();
    await expect.poll(() => page.getByText(/Please complete the human check/).isVisible()).toBe(true);
    await shoot(page, 'daily');
    await check(page);
    await day1.getByRole('button', { name: 'CLAIM', exact: true }).click();
    await expect.poll(() => day1.getByRole('button', { name: 'CLAIMED' }).isVisible()).toBe(true);

    const created = await stack.api(
      'POST',
      '/api/admin/promocodes',
      { code: 'HUMANS', amount: 5 },
      { cookie: await stack.adminCookie() },
    );
    expect(created.status).toBe(201);
    await page.goto(`${stack.baseUrl}/promocodes`);
    await page.getByLabel('Promo code').fill('humans');
    // Cloudflare failing: the server refuses (503) and the page says so.
    turnstile.mode = 'error';
    expectFailedRequest(page, 503, '/api/promocode/redeem');
    await check(page);
    await page.getByRole('button', { name: 'Redeem Code' }).click();
    await expect
      .poll(() => page.getByTestId('promo-message').textContent())
      .toBe('The human check is not responding right now. Please try again in a moment.');
    await shoot(page, 'promo-unavailable');
    turnstile.mode = 'up';
    // The used token was dropped: a new tick, and the code works.
    await check(page);
    await page.getByRole('button', { name: 'Redeem Code' }).click();
    await expect
      .poll(() => page.getByTestId('promo-message').textContent())
      .toBe('🎉 Promo code applied! You received 5 Robux.');
  });

  it('when Cloudflare’s script cannot load, the page says so instead of failing silently', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.route('https://challenges.cloudflare.com/**', (route) => route.abort());
    expectFailedRequest(page, 'net::ERR_FAILED', '/turnstile/v0/api.js');
    await page.goto(`${stack.baseUrl}/login`);
    await expect
      .poll(() => page.getByText(/The human check could not load/).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await shoot(page, 'blocked');
  });
});
