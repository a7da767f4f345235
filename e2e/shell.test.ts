import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectFailedRequest, expectNotFoundPage } from './support/browser-errors.ts';
import { browser, openJourney, stack } from './support/journey.ts';
import { DESKTOP, MOBILE, SHOTS_DIR, shootBothWidths, signIn } from './support/stack.ts';

openJourney();

const STORED_KEYS = ['rbx-username', 'rbx-robloxId', 'auth-token'];

describe('site shell and sign-in journeys', () => {
  it('landing → Start Earning Now → sign in → signed in with a balance', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${stack.baseUrl}/`);
    await page.waitForURL('**/index');
    await expect.poll(() => page.getByText('On your first day: the daily reward').isVisible()).toBe(true);
    await page
      .getByRole('link', { name: /Start Earning Now/i })
      .first()
      .click();
    await page.waitForURL('**/login');

    const field = page.getByLabel(/username/i);
    await field.fill('  alicerbx  ');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/earn');
    await expect.poll(() => page.getByText(/Welcome, Alice!/).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Welcome back').first().isVisible()).toBe(true);

    const chip = page.getByTestId('balance-chip');
    await expect.poll(async () => (await chip.textContent()) ?? '', { timeout: 10_000 }).toMatch(/\d/);
    const stored = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), STORED_KEYS);
    expect(stored[0]).toBe('AliceRBX');
    expect(stored[1]).toBe('1001');
    expect(stored[2]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.close();
  });

  it('an unknown name shows "Login failed" with the spec description', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByLabel(/username/i).fill('NoSuchPlayer42');
    expectFailedRequest(page, 404, '/api/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByText('Login failed').isVisible()).toBe(true);
    // Said once, in the toast the spec names; the name field is marked invalid without repeating it.
    await expect.poll(() => page.getByText('Please enter a valid Roblox username.').isVisible()).toBe(true);
    expect(await page.getByText('Please enter a valid Roblox username.').count()).toBe(1);
    await expect.poll(() => page.getByLabel(/username/i).getAttribute('aria-invalid')).toBe('true');
    await shootBothWidths(page, 'shell', 'login-refused');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });

  it('an empty name sends no request', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    let loginCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/login')) loginCalls++;
    });
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByLabel(/username/i).fill('   ');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // Then a name, whose request goes out: requests go out in order, so it is the first or the second.
    await page.getByLabel(/username/i).fill('NoSuchPlayer42');
    expectFailedRequest(page, 404, '/api/login');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/login'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await sent;
    expect(loginCalls).toBe(1);
    await expect.poll(() => page.getByText('Login failed').isVisible()).toBe(true);
    await page.close();
  });

  it('logout clears the stored items and leaves the signed-in pages', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, stack.baseUrl, 'BobBuilder');
    // The menu (loaded lazily) animates open: open it until its item shows, then choose the item with
    // a click event that does not wait for the animation to stop moving it.
    const logout = page.getByRole('menuitem', { name: /Logout/i });
    await expect
      .poll(
        async () => {
          if (await logout.isVisible()) await logout.dispatchEvent('click');
          else if (new URL(page.url()).pathname === '/earn') await page.getByTestId('user-menu').click();
          return new URL(page.url()).pathname;
        },
        { timeout: 20_000 },
      )
      .toMatch(/^\/(login|index)$/);
    const stored = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), STORED_KEYS);
    expect(stored).toEqual([null, null, null]);
    await page.goto(`${stack.baseUrl}/earn`);
    await page.waitForURL('**/index');
    await page.close();
  });

  it('/Daily and /daily both open the daily page; signed out they lead to /index', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${stack.baseUrl}/daily`);
    await page.waitForURL('**/index');
    await signIn(page, stack.baseUrl, 'CarolPlays');
    const headings: Record<string, string> = {
      '/daily': '7-Day Streak Rewards',
      '/Daily': '7-Day Streak Rewards',
      '/leaderboard': 'Leaderboard',
      '/Leaderboard': 'Leaderboard',
      '/help': 'Help',
      '/Help': 'Help',
    };
    for (const [path, heading] of Object.entries(headings)) {
      await page.goto(`${stack.baseUrl}${path}`);
      await expect.poll(() => page.getByRole('heading', { name: heading }).first().isVisible()).toBe(true);
      expect(await page.getByText('Oops! Page not found').count()).toBe(0);
    }
    await page.close();
  });

  it('an unknown path shows the not-found page and logs the path', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    expectNotFoundPage(page, '/no/such/page');
    const response = await page.goto(`${stack.baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText('Oops! Page not found').isVisible()).toBe(true);
    // The page's HTML shows the text before its script runs; the script logs the path.
    await expect.poll(() => logged.join('\n')).toContain('/no/such/page');
    await page.getByRole('link', { name: /Return to Home/i }).click();
    await page.waitForURL((url) => ['/index', '/earn'].includes(url.pathname));
    await page.close();
  });

  it('a display name with HTML is shown as text and never runs', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await signIn(page, stack.baseUrl, 'XssTester');
    await expect
      .poll(() => page.getByText('<img src=x onerror=alert(1)>', { exact: false }).first().isVisible())
      .toBe(true);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toBe(0);
    await page.close();
  });

  it('screenshots of landing, login and the signed-in shell at 390 and 1280 px', async () => {
    for (const [label, viewport] of [
      ['1280', DESKTOP],
      ['390', MOBILE],
    ] as const) {
      const page = await browser.newPage({ viewport });
      await page.goto(`${stack.baseUrl}/index`);
      await page.getByText('On your first day: the daily reward').waitFor();
      await page.screenshot({ path: join(SHOTS_DIR, `landing-${label}.png`), fullPage: true });
      await page.goto(`${stack.baseUrl}/login`);
      await page.getByLabel(/username/i).waitFor();
      await page.screenshot({ path: join(SHOTS_DIR, `login-${label}.png`) });
      await signIn(page, stack.baseUrl, 'AliceRBX');
      await page.getByText('Welcome back').first().waitFor();
      await page.screenshot({ path: join(SHOTS_DIR, `earn-${label}.png`) });
      // The balance shows in the top bar at both widths; the menu toggle only on the phone.
      await expect.poll(() => page.getByTestId('balance-chip').isVisible()).toBe(true);
      const menuToggle = page.locator('header button[aria-haspopup="dialog"]');
      await expect.poll(() => menuToggle.isVisible()).toBe(label === '390');
      await page.close();
    }
  });
});
