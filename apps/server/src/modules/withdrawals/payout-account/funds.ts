import { groupLink, type WithdrawalMethod } from '@rewards/contracts';
import type { Deps } from '../../../deps.ts';
import { PayoutAccountBlocked } from '../../../roblox/gateway.ts';
import { describeFailure } from '../../../roblox/http.ts';
import * as repo from './repository.ts';
import { payoutCookie, stopPayouts, type PayoutLog } from './status.ts';

// The payout account's Robux and the group's funds: read from Roblox at most once a minute (the
// figures are kept in the database, so every process shares them), and what they can pay for.

export const READ_EVERY_MS = 60_000;

export interface Funds {
  /** The payout account's own Robux (gamepass payouts); null when not read or not used. */
  robux: number | null;
  robuxReadAt: string | null;
  /** The group's funds (group payouts); null when not read or group payouts are off. */
  groupFunds: number | null;
  groupFundsReadAt: string | null;
  readError: string | null;
}

const fresh = (readAt: string | null, now: number, maxAgeMs: number) =>
  readAt !== null && now - Date.parse(readAt) < maxAgeMs;

/**
 * The figures, read again from Roblox when older than `maxAgeMs`. Never throws for Roblox's sake.
 * `known`: the account's row as the caller already read it (the payout worker reads it once a run).
 */
export async function readFunds(
  deps: Deps,
  log: PayoutLog,
  known?: repo.PayoutAccountRow,
  maxAgeMs = READ_EVERY_MS,
): Promise<Funds> {
  const { env, roblox, clock } = deps;
  const row = known ?? (await repo.readAccount(deps.db));
  const now = clock.now();
  const wantsRobux = env.PAYOUT_METHODS.includes('gamepass');
  const groupId = env.PAYOUT_METHODS.includes('group') ? env.ROBLOX_PAYOUT_GROUP_ID : undefined;
  const needRobux = wantsRobux && !fresh(row.robux_read_at, now.getTime(), maxAgeMs);
  const needGroup = groupId !== undefined && !fresh(row.group_funds_read_at, now.getTime(), maxAgeMs);
  if (!needRobux && !needGroup) return toFunds(row);

  const cookie = await payoutCookie(deps, row);
  const at = now.toISOString();
  const update: Parameters<typeof repo.saveReadings>[1] = { read_error: null };
  try {
    if (needRobux) {
      update.robux = await roblox.payoutAccountRobux(env.ROBLOX_PAYOUT_USER_ID, cookie);
      update.robux_read_at = at;
    }
    if (needGroup) {
      update.group_funds = await roblox.groupFunds(groupId, cookie);
      update.group_funds_read_at = at;
    }
  } catch (err) {
    if (err instanceof PayoutAccountBlocked) await stopPayouts(deps, err.block.detail, log);
    update.read_error =
      err instanceof PayoutAccountBlocked
        ? err.block.detail
        : `Roblox did not answer: ${describeFailure(err instanceof Error && err.cause ? err.cause : err)}`;
  }
  await repo.saveReadings(deps.db, update);
  return toFunds({ ...row, ...update });
}

function toFunds(row: repo.PayoutAccountRow): Funds {
  return {
    robux: row.robux === null ? null : Number(row.robux),
    robuxReadAt: row.robux_read_at,
    groupFunds: row.group_funds === null ? null : Number(row.group_funds),
    groupFundsReadAt: row.group_funds_read_at,
    readError: row.read_error,
  };
}

/**
 * Why the next payout cannot be paid from what the account holds, or null when it can (or the figure
 * is unknown: then Roblox's own answer decides).
 */
export function shortfall(deps: Deps, funds: Funds, method: WithdrawalMethod, cost: number, id: number) {
  if (method === 'group') {
    if (funds.groupFunds === null || funds.groupFunds >= cost) return null;
    return `The group's funds (R$ ${funds.groupFunds}) cannot cover withdrawal #${id} (R$ ${cost}). Add Robux to group ${groupLink(deps.env.ROBLOX_PAYOUT_GROUP_ID ?? 0)}; payouts resume by themselves.`;
  }
  if (funds.robux === null || funds.robux >= cost) return null;
  return `The payout account has R$ ${funds.robux}, too little for withdrawal #${id} (gamepass price R$ ${cost}). Buy Robux for the payout account; payouts resume by themselves.`;
}
