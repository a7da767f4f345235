import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer } from '../apps/server/test/support/site.ts';
import { cpxPostback, fromCpx } from './support/http.ts';
import { browser, openJourney, stack } from './support/journey.ts';
import { DESKTOP, shootBothWidths, watchErrors } from './support/stack.ts';

const CLIENT = { client_id: 'e2e-rewards', client_secret: 'e2e-rewards-secret' };
const CAROL = { name: 'CarolPlays', robloxId: 1003 };

openJourney({
  env: async (standinUrl) => ({
    ROBLOX_OAUTH_CLIENT_ID: CLIENT.client_id,
    ROBLOX_OAUTH_CLIENT_SECRET: CLIENT.client_secret,
    ROBLOX_OAUTH_ISSUER: `${standinUrl}/oauth/`,
  }),
});

const signInButton = (page: Page) => page.getByRole('link', { name: 'Sign in with Roblox' });

/** The login page → the stand-in's pick-a-player page (Roblox's consent screen in real life). */
async function goToRoblox(page: Page, ref?: string): Promise<void> {
  await page.goto(`${stack.baseUrl}/login${ref ? `?ref=${ref}` : ''}`);
  await signInButton(page).click();
  await page.waitForURL((url) => url.href.startsWith(`${stack.standinUrl}/oauth/v1/authorize`));
}

describe('Sign in with Roblox in Chromium, the stand-in as the provider', () => {
  let context: BrowserContext;

  beforeAll(async () => {
    const registered = await stack.control('POST', '/oauth/client', {
      ...CLIENT,
      redirect_uris: [`${stack.baseUrl}/api/auth/roblox/callback`],
    });
    expect(registered.client_id).toBe(CLIENT.client_id);
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: DESKTOP });
  });
  afterEach(async () => {
    await context?.close();
  });

  it('signs a new player in from /login?ref=BobBuilder, verified, with Bob as referrer', async () => {
    const bob = await stack.api('POST', '/api/login', { username: 'BobBuilder' });
    expect(bob.status).toBe(200);

    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${stack.baseUrl}/login?ref=BobBuilder`);
    await signInButton(page).waitFor();
    expect(await page.getByLabel('Roblox username').isVisible()).toBe(true);
    await shootBothWidths(page, 'roblox-sign-in', 'login');

    await signInButton(page).click();
    await page.waitForURL((url) => url.href.startsWith(`${stack.standinUrl}/oauth/v1/authorize`));
    await page.getByRole('button', { name: new RegExp(`^${CAROL.name} `) }).click();
    await page.waitForURL((url) => url.pathname === '/earn');
    expect(await page.evaluate(() => localStorage.getItem('rbx-username'))).toBe(CAROL.name);
    // The session token never sat in an address the browser kept.
    const token = (await page.evaluate(() => localStorage.getItem('auth-token')))!;
    const history = await page.evaluate(() => window.location.href);
    expect(history).not.toContain(token);

    await page.goto(`${stack.baseUrl}/profile`);
    await page.getByText('Verified', { exact: true }).first().waitFor();
    expect(await page.getByText('Not verified').count()).toBe(0);

    // Carol earns R$2: the referral counts for Bob at once (she proved her account) with his 10%.
    expect(
      (await stack.api('GET', cpxPostback('roblox-ref-1', CAROL.robloxId, 2), undefined, fromCpx)).status,
    ).toBe(200);
    const referrals = await stack.api('GET', '/api/referrals', undefined, bearer(bob.body.token));
    expect(referrals.body).toMatchObject({ referralsMade: 1, referralsEarned: 0.2 });
    expect(errors).toEqual([]);
  });

  it('refuses a tampered state with a clear message and no session', async () => {
    const page = await context.newPage();
    await goToRoblox(page);
    // What Roblox would send back after the pick, with the state changed on the way.
    const pick = new URL(page.url());
    pick.searchParams.set('login_hint', String(CAROL.robloxId));
    const back = await fetch(pick, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    callback.searchParams.set('state', 'tampered-state');
    await page.goto(callback.href);
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('error') === 'roblox_expired',
    );
    const alert = page.getByRole('alert');
    await expect
      .poll(() => alert.innerText())
      .toBe('Sign in with Roblox failed: the sign-in link expired or was already used. Please try again.');
    expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
    await shootBothWidths(page, 'roblox-sign-in', 'refused');
  });

  it('refuses an id token with a tampered signature', async () => {
    const page = await context.newPage();
    await goToRoblox(page);
    await stack.control('POST', '/oauth/tamper', { idToken: true });
    await page.getByRole('button', { name: new RegExp(`^${CAROL.name} `) }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('error'));
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toContain("Roblox's answer could not be verified. No one was signed in.");
    expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
  });
});
