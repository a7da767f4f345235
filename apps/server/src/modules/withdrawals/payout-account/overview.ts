import { groupLink, type PayoutAccountResponse } from '@rewards/contracts';
import type { Deps } from '../../../deps.ts';
import { readFunds } from './funds.ts';
import * as repo from './repository.ts';
import type { PayoutLog } from './status.ts';

const DAY_MS = 24 * 60 * 60_000;

/** GET /api/admin/payout-account: health, Robux, the last day's payouts and whether the queue is covered. */
export async function payoutAccountOverview(deps: Deps, log: PayoutLog): Promise<PayoutAccountResponse> {
  const { env } = deps;
  const funds = await readFunds(deps, log);
  const row = await repo.readAccount(deps.db);
  const now = deps.clock.now();
  const [queue, paidLast24h] = await Promise.all([
    repo.queueCost(deps.db),
    repo.paidSince(deps.db, new Date(now.getTime() - DAY_MS).toISOString()),
  ]);
  const groupId = env.PAYOUT_METHODS.includes('group') ? (env.ROBLOX_PAYOUT_GROUP_ID ?? null) : null;

  const warnings: string[] = [];
  if (env.PAYOUT_MODE === 'roblox') {
    if (funds.robux !== null && queue.gamepassCost > funds.robux) {
      warnings.push(
        `The payout account has R$ ${funds.robux}; the waiting gamepass withdrawals cost R$ ${queue.gamepassCost}. Buy Robux for it, or some will wait.`,
      );
    }
    if (funds.groupFunds !== null && queue.groupCost > funds.groupFunds) {
      warnings.push(
        `The group's funds are R$ ${funds.groupFunds}; the waiting group payouts cost R$ ${queue.groupCost}. Add Robux to the group, or some will wait.`,
      );
    }
  }
  const sealedUsable = Boolean(row.cookie_sealed && env.PAYOUT_SECRET_KEY);
  return {
    mode: env.PAYOUT_MODE,
    methods: env.PAYOUT_METHODS,
    status: row.status,
    reason: row.reason,
    since: row.since,
    fundsPause: env.PAYOUT_MODE === 'roblox' ? row.funds_pause : null,
    cookie: {
      source: sealedUsable ? 'console' : env.ROBLOX_PAYOUT_COOKIE ? 'environment' : 'none',
      updatedAt: sealedUsable ? row.cookie_updated_at : null,
      canReplace: Boolean(env.PAYOUT_SECRET_KEY),
    },
    account: { userId: env.ROBLOX_PAYOUT_USER_ID, robux: funds.robux, readAt: funds.robuxReadAt },
    group:
      groupId === null
        ? null
        : { id: groupId, url: groupLink(groupId), funds: funds.groupFunds, readAt: funds.groupFundsReadAt },
    readError: funds.readError,
    paidLast24h,
    queue,
    warnings,
  };
}
