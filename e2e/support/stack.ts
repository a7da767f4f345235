import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { standinControl, startStandin } from '@rewards/roblox-standin';
import { adminCookie } from '../../apps/server/test/support/admin.ts';
import type { Site } from '../../apps/server/test/support/site.ts';
import { expectFailedRequest, watchContext } from './browser-errors.ts';
import { freePort, waitForHealth } from './processes.ts';
import { callApi } from './http.ts';
import { RAISED_LIMITS, robloxApisAt, SITE_OPERATOR } from '../../apps/server/test/support/server-env.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const ADMIN_PASSWORD = 'e2e-admin-password-123';

export interface Stack extends Site {
  baseUrl: string;
  standinUrl: string;
  /** Signs the admin in through the API; returns the `admin_session=…` cookie for admin calls. */
  adminCookie(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real production server as a child process (built web app, fresh SQLite file) talking to a
 * fresh Roblox stand-in.
 */
export async function startStack(
  extraEnv: Record<string, string> | ((standinUrl: string) => Promise<Record<string, string>>) = {},
): Promise<Stack> {
  const standin = await startStandin({ port: 0 });
  const extra = typeof extraEnv === 'function' ? await extraEnv(standin.url) : extraEnv;
  const dir = mkdtempSync(join(tmpdir(), 'rewards-e2e-'));
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: join(dir, 'e2e.db'),
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    ...robloxApisAt(standin.url),
    ROBLOX_PAYOUT_COOKIE: 'e2e-payout-cookie',
    CPX_APP_ID: 'e2e-cpx-app',
    CPX_SECURE_HASH: 'e2e-cpx-secret',
    // A first withdrawal is not held for review unless a journey is about review (review.test.ts).
    REVIEW_FIRST_WITHDRAWAL: 'false',
    ...RAISED_LIMITS,
    ...SITE_OPERATOR,
    ...extra,
  };
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server);

  standinOfLastStack = standinControl(standin.url);
  const stack: Stack = {
    baseUrl,
    standinUrl: standin.url,
    adminPassword: ADMIN_PASSWORD,
    control: standinControl(standin.url),
    api: (method, path, body, headers) => callApi(baseUrl, method, path, body, headers),
    adminCookie: () => adminCookie(stack),
    async close() {
      server.kill('SIGTERM');
      await new Promise((ok) => (server.exitCode !== null ? ok(null) : server.once('exit', ok)));
      await standin.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return stack;
}

/** How journeys start Debian's Chromium: headless, nothing running in the background. */
export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** A transparent 1×1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=',
  'base64',
);
/** Any address but this machine's (a RegExp, so the browser pauses only those requests for the test). */
const OTHER_HOSTS = /^https?:\/\/(?!(127\.0\.0\.1|localhost)([:/]|$))/;

/**
 * A context as the journeys use it: the errors of its pages are watched (browser-errors.ts), and a
 * request to another host than this machine (an offer wall's logo or frame) is answered here, with a
 * blank image or an empty page, so a journey neither depends on the internet nor fails without it.
 */
export async function journeyContext(context: BrowserContext): Promise<BrowserContext> {
  watchContext(context);
  await context.route(OTHER_HOSTS, (route) =>
    route.fulfill(
      route.request().resourceType() === 'image'
        ? { contentType: 'image/png', body: PIXEL }
        : { contentType: 'text/html', body: '<!doctype html>' },
    ),
  );
  return context;
}

/** Makes every context `browser` opens a journey context, the one each `browser.newPage()` opens too. */
export function journeyBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => journeyContext(await newContext(options));
  return browser;
}

/** Chromium as the journeys use it (`journeyBrowser`). */
export async function launchBrowser(): Promise<Browser> {
  return journeyBrowser(await chromium.launch(chromiumOptions));
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** The stand-in of the stack this journey file started (each file has its own modules). */
let standinOfLastStack: ReturnType<typeof standinControl> | undefined;

/**
 * Signs in through the login page, as the owner would: a proven account does not open to its typed
 * name, so on the proof step the owner puts the sentence in their bio (the stand-in's) and presses Check.
 */
export async function signIn(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/username/i).fill(username);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // A signed-in player passes through `/` and `/index` on the way to `/earn`; return once there.
  const proofStep = page.getByTestId('protected-account-proof');
  const earn = page.waitForURL((url) => url.pathname === '/earn');
  const asked = await Promise.race([
    earn.then(() => false),
    // The loser of the race times out later: its failure is of no interest.
    proofStep.waitFor().then(
      () => true,
      () => false,
    ),
  ]);
  if (!asked) return void (await earn);
  // The typed name was refused (403) for the proof the page now asks for.
  expectFailedRequest(page, 403, '/api/login');
  const lookup = await fetch(`${baseUrl}/api/roblox-lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username }),
  });
  const { data } = (await lookup.json()) as { data: Array<{ id: number }> };
  const sentence = await page.getByTestId('proof-sentence').innerText();
  await standinOfLastStack!('PUT', `/users/${data[0]!.id}/description`, { description: sentence });
  await proofStep.getByRole('button', { name: 'Check', exact: true }).click();
  await earn;
}

/**
 * Declares what opening the admin console signed out reports: it asks who is signed in
 * (`GET /api/admin/session`), is answered 401, and shows the password form.
 */
export function expectAdminSignedOut(page: Page): void {
  expectFailedRequest(page, 401, '/api/admin/session');
}

export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? join(tmpdir(), 'rewards-shots');

/** A full-page screenshot at the page's current width: `<prefix>-<name>-<width>.png`. */
export async function shootAtWidth(page: Page, prefix: string, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(SHOTS_DIR, `${prefix}-${name}-${width}.png`), fullPage: true });
}

/**
 * A journey's screenshot taker: `shoot(page, name)` saves `<prefix>-<name>` at 1280 and 390 px (at
 * the page's current width only with `oneWidth`), scrolled to the top first with `fromTop` (a
 * full-page shot of a scrolled page draws the sticky header mid-page).
 */
export function screenshots(prefix: string, opts: { oneWidth?: boolean; fromTop?: boolean } = {}) {
  return async (page: Page, name: string): Promise<void> => {
    if (opts.fromTop) await page.evaluate(() => window.scrollTo(0, 0));
    await (opts.oneWidth ? shootAtWidth : shootBothWidths)(page, prefix, name);
  };
}

/** Full-page screenshots at 1280 and 390 px (the page is left at 1280). */
export async function shootBothWidths(page: Page, prefix: string, name: string): Promise<void> {
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await shootAtWidth(page, prefix, name);
  }
  await page.setViewportSize(DESKTOP);
}
