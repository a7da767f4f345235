import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer } from '../apps/server/test/support/site.ts';
import { cpxPostback, fromCpx } from './support/http.ts';
import { readCatalogue } from './support/catalogues.ts';
import { expectFailedRequest } from './support/browser-errors.ts';
import { asAdmin, browser, openJourney, stack } from './support/journey.ts';
import { DESKTOP, MOBILE, shootBothWidths, shootAtWidth } from './support/stack.ts';

const CLIENT = { client_id: 'e2e-rewards', client_secret: 'e2e-rewards-secret' };
const CAROL = { name: 'CarolPlays', robloxId: 1003 };

openJourney({
  admin: true,
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

/** The admin's row for a name, if an account has it. */
async function accountNamed(name: string) {
  const res = await asAdmin('GET', `/api/all-users?search=${name}&page=1&pageSize=25`);
  expect(res.status).toBe(200);
  return (res.body.users as Array<{ username: string }>).find((u) => u.username === name);
}

/** The stand-in's answer to picking `robloxId` on its page: the callback link Roblox would send. */
async function callbackLinkFor(page: Page, robloxId: number): Promise<string> {
  const pick = new URL(page.url());
  pick.searchParams.set('login_hint', String(robloxId));
  const back = await fetch(pick, { redirect: 'manual' });
  return back.headers.get('location')!;
}

describe('Sign in with Roblox is bound to the browser that started it', () => {
  it("a callback link sent to someone else signs them in to nothing; the starter's browser still finishes", async () => {
    const made = (await stack.control('POST', '/users', { name: 'MalloryMaker' })) as { id: number };
    const attacker = await browser.newContext({ viewport: DESKTOP });
    const victim = await browser.newContext({ viewport: MOBILE });
    try {
      // The attacker starts the flow and completes Roblox's step as themselves...
      const attackerPage = await attacker.newPage();
      await goToRoblox(attackerPage);
      const link = await callbackLinkFor(attackerPage, made.id);
      // ...then sends the link to the victim, who opens it.
      const victimPage = await victim.newPage();
      await victimPage.goto(link);
      await victimPage.waitForURL(
        (url) => url.pathname === '/login' && url.searchParams.get('error') === 'roblox_expired',
      );
      await victimPage.getByRole('alert').waitFor();
      expect(await victimPage.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
      expect(await victimPage.evaluate(() => localStorage.getItem('rbx-username'))).toBeNull();
      expect(await accountNamed('MalloryMaker')).toBeUndefined();
      await shootAtWidth(victimPage, 'roblox-sign-in', 'link-from-elsewhere');

      // The attacker completes the callback with their own cookie and sends on the page it ends on,
      // /login?roblox=<one-time code>: in the victim's browser it opens nothing either.
      const cookie = (await attacker.cookies()).find((c) => c.name === 'rbx_oauth')!;
      const callback = await fetch(link, {
        headers: { cookie: `rbx_oauth=${cookie.value}` },
        redirect: 'manual',
      });
      const landing = new URL(callback.headers.get('location')!, stack.baseUrl);
      expect(landing.searchParams.get('roblox')).toBeTruthy();
      expectFailedRequest(victimPage, 401, '/api/auth/roblox/finish');
      await victimPage.goto(landing.href);
      await expect
        .poll(() => victimPage.getByRole('alert').innerText())
        .toBe('Sign in with Roblox failed: the sign-in link expired or was already used. Please try again.');
      expect(await victimPage.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();

      // In the browser that started it, the same page still signs in.
      await attackerPage.goto(landing.href);
      await attackerPage.waitForURL((url) => url.pathname === '/earn');
      expect(await attackerPage.evaluate(() => localStorage.getItem('rbx-username'))).toBe('MalloryMaker');
    } finally {
      await attacker.close();
      await victim.close();
    }
  });
});

describe('a proven account opens only by proof, in Chromium', () => {
  const DAVE = { name: 'DaveTheBrave', robloxId: 1004 };
  const description = (lang: 'en' | 'nl') =>
    readCatalogue('auth', `${lang}.json`).auth_prove_description as string;
  const check = (lang: 'en' | 'nl') => readCatalogue('ui', `${lang}.json`).ui_check as string;

  beforeAll(async () => {
    // Dave proved his account once (the bio check): it is protected by default from then on.
    const dave = await stack.api('POST', '/api/login', { username: DAVE.name });
    const profile = await stack.api('GET', `/api/profile/${DAVE.name}`, undefined, bearer(dave.body.token));
    await stack.control('PUT', `/users/${DAVE.robloxId}/description`, {
      description: profile.body.verificationCode,
    });
    const verified = await stack.api('POST', '/api/verify-bio', {}, bearer(dave.body.token));
    expect(verified.status).toBe(200);
  });

  for (const { lang, viewport, way } of [
    { lang: 'en', viewport: DESKTOP, way: 'roblox' },
    { lang: 'nl', viewport: MOBILE, way: 'roblox' },
    { lang: 'en', viewport: MOBILE, way: 'sentence' },
    { lang: 'nl', viewport: DESKTOP, way: 'sentence' },
  ] as const) {
    it(`typing the name opens nothing; the owner gets in with ${way === 'roblox' ? 'Sign in with Roblox' : 'the sentence'} (${lang}, ${viewport.width} px)`, async () => {
      const context = await browser.newContext({ viewport });
      // Not on the blank page a new tab starts with, whose storage may not be read.
      await context.addInitScript((l) => {
        if (location.protocol === 'http:') localStorage.setItem('rbx-lang', l);
      }, lang);
      try {
        const page = await context.newPage();
        await page.goto(`${stack.baseUrl}/login`);
        await page.locator('input').first().fill(DAVE.name);
        expectFailedRequest(page, 403, '/api/login');
        await page.locator('form button[type=submit]').click();
        const step = page.getByTestId('protected-account-proof');
        await step.waitFor();
        // It says plainly why, in the page's language.
        expect(await step.getByText(description(lang)).isVisible()).toBe(true);
        expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
        await shootAtWidth(page, `proven-account-${lang}`, 'proof-step');

        if (way === 'roblox') {
          await step.getByRole('link', { name: /Roblox/ }).click();
          await page.waitForURL((url) => url.href.startsWith(`${stack.standinUrl}/oauth/v1/authorize`));
          await page.getByRole('button', { name: new RegExp(`^${DAVE.name} `) }).click();
        } else {
          const sentence = await page.getByTestId('proof-sentence').innerText();
          await stack.control('PUT', `/users/${DAVE.robloxId}/description`, {
            description: `hey ${sentence}`,
          });
          await step.getByRole('button', { name: check(lang), exact: true }).click();
        }
        await page.waitForURL((url) => url.pathname === '/earn');
        expect(await page.evaluate(() => localStorage.getItem('rbx-username'))).toBe(DAVE.name);
      } finally {
        await context.close();
      }
    });
  }
});
