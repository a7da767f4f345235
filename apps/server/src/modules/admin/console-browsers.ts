import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { hashSignal, signalKey } from '../signals/index.ts';
import * as repo from './console-browser-repository.ts';

export type { SignInIdentity } from './console-browser-repository.ts';

/**
 * Browsers that signed in to the console. Each successful staff or admin sign-in sets
 * CONSOLE_BROWSER_COOKIE to a new random value (httpOnly, SameSite=Strict, sent only to the sign-in
 * route); the server keeps only its keyed hash (the signal key of modules/signals), in the database,
 * so every process knows the browser, with who signed in (the staff member, or ADMIN_PASSWORD). While
 * the site-wide brake of auth-guard.ts is on, such a browser signing in as that same one again is not
 * held back, whatever its address now: an attack from many addresses cannot lock the owner out.
 *
 * The cookie helps only that identity: any staff member, whatever their role, can mint cookies by
 * signing in, and one that let guesses at the owner's password (or another member's) past the brake
 * would undo it. Minting cannot grow the table without bound either: only the newest BROWSERS_KEPT
 * browsers of each identity are kept.
 *
 * The cookie is only worth BROWSER_TRIES attempts per brake window: a copied cookie (or the browser
 * of a staff member who left) cannot carry a guessing run from many addresses past the brake.
 */
export const CONSOLE_BROWSER_COOKIE = 'console_browser';
/** 400 days, the longest lifetime browsers keep a cookie for; the server forgets it sooner (retention). */
export const CONSOLE_BROWSER_MAX_AGE_S = 400 * 24 * 60 * 60;
export const BROWSER_TRIES = 5;
/** Browsers remembered per staff member (and for ADMIN_PASSWORD): a few devices each, with room to spare. */
export const BROWSERS_KEPT = 10;

const DAY_MS = 24 * 60 * 60 * 1000;
const VALUE = /^[A-Za-z0-9_-]{32}$/;

/** The keyed hash of the cookie's value; null when it is not a value this server could have made. */
export async function browserHash(deps: Deps, cookie: unknown): Promise<string | null> {
  if (typeof cookie !== 'string' || !VALUE.test(cookie)) return null;
  return hashSignal(await signalKey(deps), 'console_browser', cookie);
}

/**
 * While the brake is on: whether this browser signed in as `who` within SIGN_IN_SIGNAL_DAYS (what the
 * retention task keeps) and still has an attempt left in the current window of `windowMs`; takes it.
 */
export async function takeBrowserTry(
  deps: Deps,
  hash: string,
  who: repo.SignInIdentity,
  windowMs: number,
): Promise<boolean> {
  const now = deps.clock.now().getTime();
  return repo.takeTry(deps.db, {
    hash,
    who,
    now: new Date(now).toISOString(),
    windowStart: new Date(now - windowMs).toISOString(),
    signedInSince: new Date(now - deps.env.SIGN_IN_SIGNAL_DAYS * DAY_MS).toISOString(),
    max: BROWSER_TRIES,
  });
}

/**
 * After a successful sign-in as `staffId` (null: ADMIN_PASSWORD): the cookie's new value. A new one
 * each time, so a value planted in the browser beforehand never becomes a known browser; the one it
 * replaces is forgotten, and so are that identity's browsers beyond the newest BROWSERS_KEPT.
 */
export async function rememberBrowser(
  deps: Deps,
  previousHash: string | null,
  staffId: number | null,
): Promise<string> {
  const value = randomBytes(24).toString('base64url');
  const hash = hashSignal(await signalKey(deps), 'console_browser', value);
  await repo.replaceBrowser(deps.db, {
    hash,
    previousHash,
    staffId,
    now: deps.clock.now().toISOString(),
    keep: BROWSERS_KEPT,
  });
  return value;
}
