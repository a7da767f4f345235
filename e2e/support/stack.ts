import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { standinControl, startStandin } from '@rewards/roblox-standin';
import { adminCookie } from '../../apps/server/test/support/admin.ts';
import type { Site } from '../../apps/server/test/support/site.ts';
import { freePort, waitForHealth } from './processes.ts';
import { callApi } from './http.ts';
import { RAISED_LIMITS, robloxApisAt } from '../../apps/server/test/support/server-env.ts';

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
    CPX_SECURE_HASH: 'e2e-cpx-secret',
    // A first withdrawal is not held for review unless a journey is about review (review.test.ts).
    REVIEW_FIRST_WITHDRAWAL: 'false',
    ...RAISED_LIMITS,
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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumOptions);
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** Collects uncaught page errors and console errors so a journey can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

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

export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? join(tmpdir(), 'rewards-shots');

/** A full-page screenshot at the page's current width: `<prefix>-<name>-<width>.png`. */
export async function shootAtWidth(page: Page, prefix: string, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(SHOTS_DIR, `${prefix}-${name}-${width}.png`), fullPage: true });
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
