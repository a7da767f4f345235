import { groupLink, type GroupEligibility, type PayoutOptionsResponse } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import type { Player } from '../auth/index.ts';
import { payoutCookie } from './payout-account/status.ts';
import { withdrawalBounds } from './withdraw-input.ts';

// What the withdraw page offers: the methods, and for group payouts whether Roblox lets the group pay
// this player now. Eligibility is asked as the payout account and kept a minute per player, so a page
// left open does not ask Roblox every poll; the withdraw request itself always asks afresh, and so
// does the page's "Check again" (`fresh`, a rate-limited route), which keeps the new answer.

const eligibilityCache = new TtlCache<string, GroupEligibility>({ ttlMs: 60_000 });

export async function payoutOptions(
  deps: Deps,
  player: Player,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<PayoutOptionsResponse> {
  const { env } = deps;
  const groupId = env.ROBLOX_PAYOUT_GROUP_ID;
  const { minimum, maximum } = withdrawalBounds(env);
  const offer = {
    methods: env.PAYOUT_METHODS,
    minRobux: minimum,
    maxRobux: maximum,
    firstWithdrawalReviewed: env.REVIEW_FIRST_WITHDRAWAL,
  };
  if (!env.PAYOUT_METHODS.includes('group') || !groupId) return offer;
  return {
    ...offer,
    group: {
      id: groupId,
      url: groupLink(groupId),
      eligibility: await eligibilityOf(deps, groupId, player.robloxId, fresh),
    },
  };
}

async function eligibilityOf(
  deps: Deps,
  groupId: number,
  robloxId: number,
  fresh: boolean,
): Promise<GroupEligibility> {
  if (!robloxId) return 'Unknown';
  const key = `${groupId}:${robloxId}`;
  const cached = fresh ? undefined : eligibilityCache.get(key);
  if (cached) return cached;
  try {
    const eligibility = await deps.roblox.groupPayoutEligibility(groupId, robloxId, await payoutCookie(deps));
    eligibilityCache.set(key, eligibility);
    return eligibility;
  } catch {
    // Roblox down, or the payout account stopped: the page says it cannot tell now.
    return 'Unknown';
  }
}
