import type { PayoutAccountResponse } from '@rewards/contracts';
import type { Deps } from '../../../deps.ts';
import { PayoutAccountBlocked } from '../../../roblox/gateway.ts';
import { notifyDiscord } from '../../../shared/discord.ts';
import { AppError, badRequest, conflict } from '../../../shared/errors.ts';
import { insertAudit } from '../../audit/index.ts';
import { sealCookie } from './cookie-seal.ts';
import { payoutAccountOverview } from './overview.ts';
import * as repo from './repository.ts';
import { payoutCookie, type PayoutLog } from './status.ts';

const ACTOR = 'admin';

/** Asks Roblox for the payout account's Robux with `cookie`: the proof that Roblox accepts it now. */
async function provenCookie(deps: Deps, cookie: string | undefined): Promise<number> {
  try {
    return await deps.roblox.payoutAccountRobux(deps.env.ROBLOX_PAYOUT_USER_ID, cookie);
  } catch (err) {
    if (err instanceof PayoutAccountBlocked)
      throw badRequest(`Roblox does not accept this cookie: ${err.block.detail}`);
    throw err instanceof AppError
      ? err
      : new AppError(503, 'ROBLOX_UNAVAILABLE', 'Roblox is not responding, please try again');
  }
}

/**
 * POST /api/admin/payout-account/cookie: stores a new payout cookie, sealed with PAYOUT_SECRET_KEY,
 * once Roblox has accepted it. It is never logged, audited or sent back; payouts stay stopped until resumed.
 */
export async function replacePayoutCookie(
  deps: Deps,
  cookie: string,
  log: PayoutLog,
): Promise<PayoutAccountResponse> {
  const secret = deps.env.PAYOUT_SECRET_KEY;
  if (!secret) {
    throw conflict(
      'Set PAYOUT_SECRET_KEY on the server to store a payout cookie from the console (or set ROBLOX_PAYOUT_COOKIE).',
    );
  }
  const robux = await provenCookie(deps, cookie);
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await repo.storeCookie(trx, sealCookie(secret, cookie), now);
    await repo.saveReadings(trx, { robux, robux_read_at: now, read_error: null });
    await insertAudit(
      trx,
      {
        actor: ACTOR,
        action: 'payout_account.cookie',
        target: 'payout_account',
        after: { source: 'console' },
      },
      now,
    );
  });
  log.info({}, 'payout account: cookie replaced from the console');
  return payoutAccountOverview(deps, log);
}

/** POST /api/admin/payout-account/resume: payouts run again once Roblox accepts the cookie in use. */
export async function resumePayouts(deps: Deps, log: PayoutLog): Promise<PayoutAccountResponse> {
  const before = await repo.readAccount(deps.db);
  try {
    await provenCookie(deps, await payoutCookie(deps, before));
  } catch (err) {
    if (err instanceof AppError && err.code === 'VALIDATION') {
      throw conflict(
        `Payouts stay stopped: ${err.message.replace(/^Roblox does not accept this cookie: /, 'Roblox does not accept the payout cookie: ')} Replace the cookie first.`,
      );
    }
    throw err;
  }
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await repo.markOk(trx, now);
    await repo.setFundsPause(trx, null);
    await repo.wakePending(trx, now);
    await insertAudit(
      trx,
      {
        actor: ACTOR,
        action: 'payout_account.resume',
        target: 'payout_account',
        before: { status: before.status, reason: before.reason },
        after: { status: 'ok' },
      },
      now,
    );
  });
  if (before.status !== 'ok') void notifyDiscord(deps.env, '▶️ Payouts resumed by an admin.', log);
  log.info({ was: before.status }, 'payout account: payouts resumed');
  return payoutAccountOverview(deps, log);
}
