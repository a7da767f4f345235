import type { Deps } from '../../deps.ts';
import { AppError } from '../../shared/errors.ts';
import { notifyDiscord, type NotifyLog } from '../../shared/discord.ts';
import * as repo from './auth-repository.ts';
import { takeBrowserTry, type SignInIdentity } from './console-browsers.ts';

/**
 * Wrong admin passwords counted across every address (docs/decisions/0004-rate-limits.md): beyond
 * SITE_WIDE_FAILURES in SITE_WIDE_WINDOW_MS, each further attempt must wait a back-off that doubles
 * with every further wrong password (1 s, 2 s, 4 s, … at most MAX_BACKOFF_MS) and is answered 429
 * with Retry-After meanwhile, without the password being looked at; when a wait ends, one attempt
 * goes through, not the whole burst that waited for it. The count lives in the database,
 * so every server process shares it. The owner is told once per episode through DISCORD_WEBHOOK_URL;
 * an episode ends when the count is back at the threshold.
 *
 * Not held back by the site-wide wait (their own per-address limits still apply), so an attack from
 * many addresses cannot lock the owner out: a browser that signed in to the console before as the
 * same staff member (or with ADMIN_PASSWORD), whatever its address now (console-browsers.ts); an
 * address the owner signed in from within KNOWN_ADDRESS_DAYS; and a staff sign-in with a valid second
 * factor (auth-service.ts). A new browser without one waits.
 */
export const SITE_WIDE_FAILURES = 50;
export const SITE_WIDE_WINDOW_MS = 10 * 60_000;
export const MAX_BACKOFF_MS = 5 * 60_000;
export const KNOWN_ADDRESS_DAYS = 30;

const iso = (ms: number) => new Date(ms).toISOString();

/** The wait after the latest wrong password when `excess` wrong passwords are beyond the threshold. */
export function backoffMs(excess: number): number {
  if (excess <= 0) return 0;
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(excess - 1, 20));
}

/**
 * Before the password is compared: the 429 to answer while the site-wide back-off runs for this
 * caller (`browser`: the hash of its console browser cookie, if any; `who`: the identity the attempt
 * signs in as), or null when it may go on.
 */
export async function siteWideWait(
  deps: Deps,
  ip: string,
  browser: string | null,
  who: SignInIdentity,
): Promise<AppError | null> {
  const now = deps.clock.now().getTime();
  const { count, latest } = await repo.failuresSince(deps.db, iso(now - SITE_WIDE_WINDOW_MS));
  if (count <= SITE_WIDE_FAILURES) {
    await repo.endAlertEpisode(deps.db);
    return null;
  }
  if (await knownCaller(deps, ip, browser, who)) return null;
  const retryAt = Date.parse(latest ?? iso(now)) + backoffMs(count - SITE_WIDE_FAILURES);
  // When the wait is over, one attempt goes through (whoever claims it first, in any process); the
  // rest of a burst that waited for that moment keeps waiting.
  if (now >= retryAt && (await repo.claimSlot(deps.db, iso(now), latest ?? iso(now)))) return null;
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  return new AppError(
    429,
    'RATE_LIMITED',
    `Too many wrong admin passwords on this site in the last 10 minutes. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { retryAfter: seconds },
  );
}

/**
 * Whether the attempt comes from where `who` signed in before: an address within KNOWN_ADDRESS_DAYS,
 * or a console browser that signed in as them (one of its tries is spent). What neither the
 * site-wide brake nor the per-member limit holds back, so that nobody can lock staff out from afar.
 */
export async function knownCaller(
  deps: Deps,
  ip: string,
  browser: string | null,
  who: SignInIdentity,
): Promise<boolean> {
  const now = deps.clock.now().getTime();
  if (await repo.signedInFrom(deps.db, ip, iso(now - KNOWN_ADDRESS_DAYS * 86_400_000), who)) return true;
  // After the address: an attempt from a known address does not spend the browser's tries.
  return browser !== null && (await takeBrowserTry(deps, browser, who, SITE_WIDE_WINDOW_MS));
}

/** After a wrong password: counts it, and alerts the owner when this one opens an episode. */
export async function recordSiteWideFailure(deps: Deps, ip: string, log?: NotifyLog): Promise<void> {
  const now = deps.clock.now().getTime();
  const since = iso(now - SITE_WIDE_WINDOW_MS);
  await repo.recordFailure(deps.db, iso(now), ip, since);
  const { count, addresses } = await repo.failuresSince(deps.db, since);
  if (count <= SITE_WIDE_FAILURES) return;
  if (!(await repo.claimAlert(deps.db, iso(now)))) return;
  void notifyDiscord(
    deps.env,
    `⚠️ Admin sign-in: ${count} wrong passwords in the last 10 minutes from ${addresses} address${
      addresses === 1 ? '' : 'es'
    }. Further attempts now wait, longer after each wrong one (browsers and addresses you signed in from, ` +
      'and staff sign-ins with a two-factor code, are not held back). ' +
      'If this is not you, someone is guessing the admin password: keep ADMIN_PASSWORD long and random.',
    log,
  );
}
