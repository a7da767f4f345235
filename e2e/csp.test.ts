import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleError, expectFailedRequest } from './support/browser-errors.ts';
import { browser, openJourney, stack } from './support/journey.ts';
import { setUpShippedWalls } from './support/walls.ts';
import { ADMIN_PASSWORD, DESKTOP, expectAdminSignedOut, signIn } from './support/stack.ts';

/*
 * The built app runs with the Content-Security-Policy in force: a signed-in journey through the earn,
 * daily and leaderboard pages causes no CSP violation, and a hostile Roblox display name shows as text.
 * Run `npm run build` first.
 */

openJourney();
beforeAll(() => setUpShippedWalls(stack));

interface Watch {
  violations: string[];
  consoleCsp: string[];
  dialogs: string[];
  cspHeaders: Map<string, string>;
}

/**
 * Collects CSP violations (DOM events and console reports), dialogs and the CSP header of each of the
 * site's documents and scripts.
 */
async function watchCsp(page: Page): Promise<Watch> {
  const watch: Watch = { violations: [], consoleCsp: [], dialogs: [], cspHeaders: new Map() };
  await page.exposeFunction('__reportCspViolation', (text: string) => watch.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) watch.consoleCsp.push(msg.text());
  });
  page.on('dialog', async (dialog) => {
    watch.dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  page.on('response', (res) => {
    const type = res.request().resourceType();
    // The site's own: an offer wall's frame is the wall's page, with the wall's headers.
    if (new URL(res.url()).origin !== stack.baseUrl) return;
    if (type === 'document' || type === 'script') {
      watch.cspHeaders.set(new URL(res.url()).pathname, res.headers()['content-security-policy'] ?? '');
    }
  });
  return watch;
}

describe('the built app under its Content-Security-Policy', () => {
  it('a signed-in journey (earn with a wall overlay, daily, leaderboard, the other pages, the admin console) causes no CSP violation', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const watch = await watchCsp(page);

    const landing = await page.goto(`${stack.baseUrl}/`);
    const policy = landing?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);

    await signIn(page, stack.baseUrl, 'AliceRBX');
    await page.goto(`${stack.baseUrl}/earn`);
    await expect
      .poll(() => page.getByRole('heading', { name: /Welcome back/ }).textContent())
      .toContain('AliceRBX');
    await page.locator('#main').getByRole('img', { name: "AliceRBX's avatar" }).waitFor();
    await page.getByRole('heading', { name: 'OFFERWALLS', exact: true }).waitFor();
    // An offer provider's https frame is allowed by frame-src.
    await page.getByTestId('wall-lootably').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(new URL((await dialog.locator('iframe').getAttribute('src')) ?? '').protocol).toBe('https:');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${stack.baseUrl}/daily`);
    await page.getByRole('heading', { name: '7-Day Streak Rewards' }).waitFor();
    const day1 = page.getByRole('article', { name: 'Day 1' });
    await day1.getByRole('button', { name: 'CLAIM', exact: true }).click();
    await expect.poll(() => day1.getAttribute('data-state')).toBe('claimed');

    await page.goto(`${stack.baseUrl}/leaderboard`);
    await page.getByRole('heading', { name: 'Leaderboard' }).waitFor();
    await page.waitForLoadState('networkidle');

    // The other pages too, and the admin console with its charts. No giveaway runs: its API answers 404.
    expectFailedRequest(page, 404, '/api/giveaway');
    for (const path of [
      '/transactions',
      '/giveaways',
      '/promocodes',
      '/affiliates',
      '/withdraw',
      '/profile',
      '/cpx',
      '/videos',
      '/help',
    ]) {
      await page.goto(`${stack.baseUrl}${path}`);
      await page.locator('#main').waitFor();
      await page.waitForLoadState('networkidle');
    }
    expectAdminSignedOut(page);
    await page.goto(`${stack.baseUrl}/admin`);
    await page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    await page.waitForLoadState('networkidle');

    expect(watch.violations).toEqual([]);
    expect(watch.consoleCsp).toEqual([]);
    // Every document and script came with the policy.
    expect(watch.cspHeaders.size).toBeGreaterThan(2);
    for (const [path, header] of watch.cspHeaders) expect(header, path).toBe(policy);
    await page.close();
  });

  it('the policy is enforced: an inline script injected into the page does not run', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const watch = await watchCsp(page);
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByLabel(/username/i).waitFor();
    // Chromium says so in the console each time it refuses one.
    expectConsoleError(page, /^Executing inline script violates .* directive 'script-src 'self''\. /);
    expectConsoleError(
      page,
      /^Executing inline event handler violates .* directive 'script-src-attr 'none''\. /,
    );
    await page.evaluate(() => {
      const el = document.createElement('script');
      el.textContent = 'window.__inlineRan = true';
      document.body.appendChild(el);
      const img = document.createElement('img');
      img.setAttribute('src', 'data:,x');
      img.setAttribute('onerror', 'window.__handlerRan = true');
      document.body.appendChild(img);
    });
    // Both were refused when they were to run (the handler once the image failed to load).
    await expect.poll(() => watch.violations.length).toBeGreaterThanOrEqual(2);
    expect(watch.violations.every((v) => v.startsWith('script-src'))).toBe(true);
    const ran = await page.evaluate(() => {
      const w = window as unknown as { __inlineRan?: boolean; __handlerRan?: boolean };
      return { inline: w.__inlineRan === true, handler: w.__handlerRan === true };
    });
    expect(ran).toEqual({ inline: false, handler: false });
    await page.close();
  });

  it('a Roblox display name "<img src=x onerror=alert(1)>" shows as text', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const watch = await watchCsp(page);
    await signIn(page, stack.baseUrl, 'XssTester');
    await page.getByText('Welcome, <img src=x onerror=alert(1)>!').waitFor();
    // The earn page's walls are in: the parts of the page that render the name have loaded. (Not
    // `networkidle`: the live feed's stream keeps a request open.)
    await page.getByRole('heading', { name: 'OFFERWALLS', exact: true }).waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(watch.dialogs).toEqual([]);
    expect(watch.violations).toEqual([]);
    await page.close();
  });
});
