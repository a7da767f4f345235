import type { Deps } from '../../../deps.ts';
import { notifyDiscord } from '../../../shared/discord.ts';
import { openCookie } from './cookie-seal.ts';
import * as repo from './repository.ts';

// Whether payouts may run, and the cookie they run with.

/** Where payouts log (a pino logger, a request's log). */
export interface PayoutLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The cookie stored from the console (sealed) when there is one that opens, else ROBLOX_PAYOUT_COOKIE. */
export async function payoutCookie(deps: Deps, row?: repo.PayoutAccountRow): Promise<string | undefined> {
  const account = row ?? (await repo.readAccount(deps.db));
  const secret = deps.env.PAYOUT_SECRET_KEY;
  if (account.cookie_sealed && secret) {
    const cookie = openCookie(secret, account.cookie_sealed);
    if (cookie) return cookie;
  }
  return deps.env.ROBLOX_PAYOUT_COOKIE;
}

/**
 * Roblox stopped the payout account (a challenge, a refused cookie): every payout stops until an admin
 * replaces the cookie and resumes. Told to the logs and Discord once per episode, whichever process
 * saw it first.
 */
export async function stopPayouts(deps: Deps, reason: string, log: PayoutLog): Promise<void> {
  const now = deps.clock.now().toISOString();
  if (!(await repo.markNeedsAttention(deps.db, reason, now))) return;
  log.error({ reason }, 'payouts stopped: the payout account needs attention');
  void notifyDiscord(
    deps.env,
    `🚨 Payouts stopped: ${reason} Waiting withdrawals stay pending, nothing is refunded. Replace the payout cookie in the admin console (Withdrawals → Payout account), then press Resume.`,
    log,
  );
}
