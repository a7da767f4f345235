import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { expectNoBrowserErrors } from './browser-errors.ts';
import { bearer } from '../../apps/server/test/support/site.ts';
import type { Answer } from './http.ts';
import { launchBrowser, SHOTS_DIR, startStack, type Stack } from './stack.ts';

/*
 * Every journey file opens the same way: the production server with its Roblox stand-in, a browser,
 * the screenshot folder and, for some, the admin signed in. `openJourney()` registers that set-up
 * and its tear-down, and fails each test in which the browser reported an error the test did not
 * declare (browser-errors.ts). The journey's `stack`, `browser` and `adminCookie` are this module's
 * exports, live bindings that hold the file's own once its tests run (each test file has its own
 * module).
 */

export let stack: Stack;
export let browser: Browser;
/** The admin's `admin_session=…` cookie, when the journey was opened with `admin: true`. */
export let adminCookie = '';

export interface JourneyOptions {
  /**
   * Added to the server's environment; a function when it needs something started first or names the
   * stack's Roblox stand-in (its URL is passed).
   */
  env?: Record<string, string> | ((standinUrl: string) => Promise<Record<string, string>>);
  /** Sign the admin in once, for `asAdmin` and `adminCookie`. */
  admin?: boolean;
}

export function openJourney(opts: JourneyOptions = {}): void {
  beforeAll(async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    [stack, browser] = await Promise.all([startStack(opts.env), launchBrowser()]);
    if (opts.admin) adminCookie = await stack.adminCookie();
  });
  afterEach(expectNoBrowserErrors);
  afterAll(async () => {
    try {
      // Whatever the browser reported after the last test.
      expectNoBrowserErrors();
    } finally {
      await browser?.close();
      await stack?.close();
    }
  });
}

/** Calls the site's API as the signed-in admin (`openJourney({ admin: true })`). */
export function asAdmin(method: string, path: string, body?: unknown): Promise<Answer> {
  return stack.api(method, path, body, { cookie: adminCookie });
}

/** How many times the Roblox stand-in has sold gamepass `passId` (a payout bought it). */
export async function purchasesOf(passId: number): Promise<number> {
  const all = await stack.control('GET', '/purchases');
  return all.filter((p: { gamePassId: number }) => p.gamePassId === passId).length;
}

/** A player's balance in R$, as the site shows it to them. */
export async function robuxOf(player: { name: string; token: string }): Promise<number> {
  const res = await stack.api('GET', `/api/user/${player.name}`, undefined, bearer(player.token));
  return res.body.robux;
}

/**
 * Proves the signed-in player's account as its owner would: the profile page's sentence goes into the
 * Roblox bio (the stand-in's, for `robloxId`), then Verify. A page already on the profile stays as it
 * is (no reload).
 */
export async function verifyOnProfile(page: Page, robloxId: number): Promise<void> {
  if (new URL(page.url()).pathname !== '/profile') await page.goto(`${stack.baseUrl}/profile`);
  const sentence = page.getByTestId('verification-sentence');
  await expect.poll(() => sentence.innerText()).toMatch(/^[a-z]+( [a-z]+){5}$/);
  await stack.control('PUT', `/users/${robloxId}/description`, {
    description: `Hi! ${await sentence.innerText()}`,
  });
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect.poll(() => page.getByTestId('verify-message').innerText()).toBe('Verified successfully!');
}
