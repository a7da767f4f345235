import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browser, openJourney, stack } from './support/journey.ts';
import { setUpShippedWalls, WALL_SECRETS } from './support/walls.ts';
import { ADMIN_PASSWORD, DESKTOP, MOBILE, ROOT, SHOTS_DIR, signIn } from './support/stack.ts';
import { cpxPostback, E2E_CPX_SECRET, fromCpx } from './support/http.ts';
import { md5 } from '../apps/server/test/support/postbacks.ts';
import { SITE_OPERATOR } from '../apps/server/test/support/server-env.ts';

openJourney();
beforeAll(() => setUpShippedWalls(stack));

/** The secrets the e2e stack runs with (support/stack.ts), and the walls' (support/walls.ts). */
const SECRETS = [
  E2E_CPX_SECRET,
  'test-cpx-secret',
  ADMIN_PASSWORD,
  'e2e-payout-cookie',
  ...Object.values(WALL_SECRETS),
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every body the browser downloads from our origin, to check that no secret is among them. */
function recordBodies(page: Page, baseUrl: string): string[] {
  const bodies: string[] = [];
  page.on('response', (response) => {
    if (!response.url().startsWith(baseUrl)) return;
    response
      .body()
      .then((b) => bodies.push(b.toString('utf8')))
      .catch(() => {});
  });
  return bodies;
}

/**
 * None of the bodies holds a secret of the stack. It must have bodies to read: an empty capture (the
 * listener never saw our origin) would pass whatever the pages sent.
 */
function expectNoSecretIn(bodies: string[]): void {
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) for (const secret of SECRETS) expect(body.includes(secret)).toBe(false);
}

describe('earn page, survey page and referrals in Chromium', () => {
  it("a page request, in either casing, gets the HTML that preloads that page's chunks", async () => {
    const html = async (path: string) => (await fetch(`${stack.baseUrl}${path}`)).text();
    const earn = await html('/earn');
    expect(earn).toMatch(
      /rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/EarnPage-[^"]+\.js"/,
    );
    expect(await html('/Earn?x=1')).toBe(earn);
    expect(await html('/daily')).toMatch(/href="\/assets\/DailyPage-[^"]+\.js"/);
    // A path without a page of its own gets the plain start-up document.
    expect(await html('/no-such-page')).not.toContain('EarnPage-');
  });

  it('no file of the built web app contains a secret of the stack', () => {
    const files = filesUnder(join(ROOT, 'apps/web/dist'));
    expect(files.some((f) => f.endsWith('index.html'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const secret of SECRETS) expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
    }
  });

  it('the earn page shows OFFERWALLS, SURVEYS and SOCIALS; a wall opens and closes its overlay; Coming soon does not open', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const bodies = recordBodies(page, stack.baseUrl);
    await signIn(page, stack.baseUrl, 'AliceRBX');
    await page.goto(`${stack.baseUrl}/earn`);

    await expect
      .poll(() => page.getByRole('heading', { name: /Welcome back/ }).textContent())
      .toContain('AliceRBX');
    await page.locator('#main').getByRole('img', { name: "AliceRBX's avatar" }).waitFor();
    for (const title of ['OFFERWALLS', 'SURVEYS', 'SOCIALS']) {
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
    }
    const lootably = page.getByTestId('wall-lootably');
    await lootably.waitFor();
    expect(await page.getByText('Coming soon').count()).toBe(4); // three offerwalls and one survey wall, not set up
    await page.getByText('+R$ 1.50').first().waitFor();
    expect(await page.getByText('+R$ 1.50').count()).toBe(4);
    await page.screenshot({ path: join(SHOTS_DIR, 'earn-1280.png'), fullPage: true });

    // An offerwall with a source: the full-screen overlay with the player's numeric id in the frame URL.
    await lootably.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const frame = dialog.locator('iframe');
    const src = (await frame.getAttribute('src')) ?? '';
    expect(new URL(src).searchParams.get('sid')).toBe('1001');
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: DESKTOP.width, height: DESKTOP.height });
    await page.screenshot({ path: join(SHOTS_DIR, 'earn-overlay-1280.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // An enabled wall without its provider ids and postback secret reads Coming soon and does not
    // open: a player could finish its offers and never be credited.
    const torox = page.getByTestId('wall-torox');
    expect(await torox.textContent()).toContain('Coming soon');
    await torox.click({ force: true });

    // The CPX Research survey card opens its frame with the server-computed hash, the only dialog open.
    await page.getByTestId('wall-cpx').click();
    await page.getByRole('dialog').first().waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    const cpxSrc = new URL((await page.getByRole('dialog').locator('iframe').getAttribute('src')) ?? '');
    expect(cpxSrc.searchParams.get('ext_user_id')).toBe('1001');
    expect(cpxSrc.searchParams.get('secure_hash')).toBe(md5(`1001-${E2E_CPX_SECRET}`));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.setViewportSize(MOBILE);
    await page.screenshot({ path: join(SHOTS_DIR, 'earn-390.png'), fullPage: true });
    await page.getByTestId('wall-adgem').click();
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: join(SHOTS_DIR, 'earn-overlay-390.png') });
    await page.getByRole('button', { name: 'Close' }).click();

    expectNoSecretIn(bodies);
    await page.close();
  });

  it('a social opens in a new tab, credits +R$1.5 once and then shows as claimed', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    // No internet here: the socials' own sites are answered by a stub.
    await context.route(/^https:\/\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>stub</title>' }),
    );
    const page = await context.newPage();
    await signIn(page, stack.baseUrl, 'CarolPlays');
    await page.goto(`${stack.baseUrl}/earn`);
    const chip = page.getByTestId('balance-chip');
    await expect.poll(() => chip.textContent(), { timeout: 10_000 }).toBe('R$ 0.00');
    const card = page.getByTestId('social-discord');
    await card.waitFor();
    expect(await card.textContent()).toContain('+R$ 1.50');
    const popup = context.waitForEvent('page');
    await card.click();
    const opened = await popup;
    await opened.waitForLoadState();
    expect(opened.url()).toBe(SITE_OPERATOR.COMMUNITY_URL);
    await opened.close();
    await expect.poll(() => card.textContent(), { timeout: 10_000 }).toContain('Claimed');
    await expect.poll(() => chip.textContent(), { timeout: 10_000 }).toBe('R$ 1.50');
    // Claimed: a second click opens the page again and credits nothing.
    const again = context.waitForEvent('page');
    await card.click();
    await (await again).close();
    const me = await stack.api('POST', '/api/login', { username: 'CarolPlays' });
    const balance = await stack.api('GET', '/api/user/CarolPlays', undefined, {
      authorization: `Bearer ${me.body.token}`,
    });
    expect(balance.body.robux).toBe(1.5);
    await context.close();
  });

  it('after a signed CPX postback the balance chip updates by itself, and the credit is listed', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, stack.baseUrl, 'DaveTheBrave');
    await page.goto(`${stack.baseUrl}/earn`);
    const chip = page.getByTestId('balance-chip');
    await expect.poll(() => chip.textContent(), { timeout: 10_000 }).toBe('R$ 0.00');

    const res = await stack.api('GET', cpxPostback('e2e-trans-1', 1004, 2.5), undefined, fromCpx);
    expect(res).toEqual({ status: 200, body: 1 }); // the text "1", read as JSON by the helper
    // The chip polls every 15 s.
    await expect.poll(() => chip.textContent(), { timeout: 20_000, interval: 500 }).toBe('R$ 2.50');

    await page.goto(`${stack.baseUrl}/transactions`);
    await page.getByRole('heading', { name: 'Transactions' }).waitFor();
    await page.getByText('CPX Research survey').first().waitFor({ timeout: 10_000 });
    await page.close();
  });

  it('/cpx shows the survey frame 2000 px high with the server-computed hash; signed out it goes to /login', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const bodies = recordBodies(page, stack.baseUrl);
    await signIn(page, stack.baseUrl, 'AliceRBX');
    await page.goto(`${stack.baseUrl}/cpx`);
    const frame = page.locator('iframe[title="CPX Research surveys"]');
    await frame.waitFor();
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.origin).toBe('https://offers.cpx-research.com');
    expect(src.searchParams.get('app_id')).toBe('e2e-cpx-app');
    expect(src.searchParams.get('ext_user_id')).toBe('1001');
    expect(src.searchParams.get('secure_hash')).toBe(md5(`1001-${E2E_CPX_SECRET}`));
    expect(src.searchParams.get('username')).toBe('AliceRBX');
    expect((await frame.boundingBox())?.height).toBe(2000);
    await page.screenshot({ path: join(SHOTS_DIR, 'cpx-1280.png') });
    await page.setViewportSize(MOBILE);
    await page.screenshot({ path: join(SHOTS_DIR, 'cpx-390.png') });
    expectNoSecretIn(bodies);
    await page.close();

    const anonymous = await browser.newPage({ viewport: DESKTOP });
    await anonymous.goto(`${stack.baseUrl}/cpx`);
    await anonymous.waitForURL((url) => url.pathname === '/login');
    await anonymous.close();
  });

  it('/affiliates: the link, Copy with "Copied to clipboard!", the counters and the note; a friend signing up with it counts', async () => {
    const context = await browser.newContext({
      viewport: DESKTOP,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    await signIn(page, stack.baseUrl, 'XssTester');
    await page.goto(`${stack.baseUrl}/affiliates`);
    await page.getByRole('heading', { name: 'Refer & Earn' }).waitFor();
    const link = page.getByLabel('Your referral link');
    await expect.poll(() => link.inputValue()).toBe(`${stack.baseUrl}/login?ref=XssTester`);
    expect(await link.getAttribute('readonly')).not.toBeNull();
    await page.getByText('Referrals', { exact: true }).waitFor();
    await page.getByText('Earned from Referrals (R$)').waitFor();
    await page.getByText(/must sign up with your link and earn at least 1 R\$/).waitFor();
    await page.getByText(/counts only once your friend has verified their Roblox account/).waitFor();
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${stack.baseUrl}/login?ref=XssTester`,
    );
    await page.screenshot({ path: join(SHOTS_DIR, 'affiliates-1280.png'), fullPage: true });

    // BobBuilder signs up through the link (in a browser of his own), verifies his Roblox account and
    // earns R$2 from a survey: XssTester gets 10%.
    const friend = await browser.newPage({ viewport: DESKTOP });
    await friend.goto(`${stack.baseUrl}/login?ref=XssTester`);
    await friend.getByLabel(/username/i).fill('BobBuilder');
    await friend.getByRole('button', { name: 'Sign In', exact: true }).click();
    await friend.waitForURL((url) => !url.pathname.startsWith('/login'));
    await friend.goto(`${stack.baseUrl}/profile`);
    const sentence = friend.getByTestId('verification-sentence');
    await expect.poll(() => sentence.innerText()).toMatch(/^[a-z]+( [a-z]+){5}$/);
    await stack.control('PUT', '/users/1002/description', { description: await sentence.innerText() });
    await friend.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => friend.getByTestId('verify-message').innerText()).toBe('Verified successfully!');
    await friend.close();
    expect((await stack.api('GET', cpxPostback('e2e-ref-1', 1002, 2), undefined, fromCpx)).status).toBe(200);

    await page.reload();
    const stat = (label: string) =>
      page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
    await expect.poll(() => stat('Referrals').textContent()).toBe('1');
    await expect.poll(() => stat('Earned from Referrals (R$)').textContent()).toBe('R$ 0.20');
    await page.setViewportSize(MOBILE);
    await page.screenshot({ path: join(SHOTS_DIR, 'affiliates-390.png'), fullPage: true });
    await context.close();
  });
});
