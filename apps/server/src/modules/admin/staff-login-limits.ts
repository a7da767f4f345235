import type { Deps } from '../../deps.ts';
import { AppError } from '../../shared/errors.ts';
import { limitKeyOfAddress } from '../../shared/addresses.ts';
import * as repo from './staff-repository.ts';

/**
 * Wrong staff sign-ins (password or code), counted in `staff_login_failures` so every process shares
 * them (the database is shared whether or not REDIS_URL is set; Redis already carries the per-minute
 * request limit the sign-in route declares in auth-routes.ts). An account takes ACCOUNT_FAILURES in
 * the window from all addresses together; an address ADDRESS_FAILURES over all the names it tries. Beyond,
 * 429 with Retry-After: the time until the oldest failure leaves the window. The site-wide guard of
 * auth-guard.ts applies on top.
 */
export const ACCOUNT_FAILURES = 5;
export const ADDRESS_FAILURES = 20;
export const STAFF_WINDOW_MS = 15 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `knownCaller`: at sign-in, whether the attempt comes from where the member signed in before (a
 * known address or console browser, auth-guard.ts): the account's count does not hold that back, or
 * anyone who knows a name could keep its member out with five wrong passwords a quarter of an hour.
 */
export async function checkStaffLimits(
  deps: Deps,
  usernameLower: string,
  ip: string,
  knownCaller?: () => Promise<boolean>,
): Promise<void> {
  const now = deps.clock.now().getTime();
  const since = iso(now - STAFF_WINDOW_MS);
  const account = await repo.staffFailuresSince(deps.db, { usernameLower }, since);
  const address = await repo.staffFailuresSince(deps.db, { ip: limitKeyOfAddress(ip) }, since);
  const accountOver = account.count >= ACCOUNT_FAILURES && !(knownCaller && (await knownCaller()));
  const over = [
    accountOver ? { ...account, what: 'for this account' } : undefined,
    address.count >= ADDRESS_FAILURES ? { ...address, what: 'from this address' } : undefined,
  ].filter((x) => x !== undefined);
  if (over.length === 0) return;
  const retryAt = Math.max(...over.map((o) => Date.parse(o.oldest ?? iso(now)) + STAFF_WINDOW_MS));
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new AppError(
    429,
    'RATE_LIMITED',
    `Too many failed sign-ins ${over[0]!.what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfter: seconds },
  );
}

export async function recordStaffFailure(deps: Deps, usernameLower: string, ip: string): Promise<void> {
  const now = deps.clock.now().getTime();
  await repo.recordStaffFailure(
    deps.db,
    { usernameLower, ip: limitKeyOfAddress(ip), at: iso(now) },
    iso(now - STAFF_WINDOW_MS),
  );
}
