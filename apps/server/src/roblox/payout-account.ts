import type { GroupEligibility } from '@rewards/contracts';
import type { GamePassInfo } from './gateway.ts';
import {
  groupPayoutsSince,
  payFromGroup,
  payoutEligibility,
  robuxOf,
  type GroupPayoutRecord,
} from './group-payout.ts';
import { parseOk } from './http.ts';
import { createPayoutSession, type PayoutBlock } from './payout-session.ts';
import { purchaseGamePass } from './purchase.ts';
import { productInfoResponse } from './shapes.ts';

/** How a payout request (a gamepass purchase or a group payout) ended. */
export type PayoutOutcome =
  /** Bought, or paid from the group. */
  | { kind: 'purchased' }
  /** Roblox turned this payout down before spending anything. */
  | {
      kind: 'refused';
      reason: 'PriceChanged' | 'NotForSale' | 'InsufficientFunds' | 'AlreadyOwned' | (string & {});
      detail?: string;
    }
  /** Roblox stopped the payout account itself (challenge, refused cookie): nothing was spent. */
  | PayoutBlock
  /** Timeout, 5xx or network failure: the payout may or may not have gone through. */
  | { kind: 'ambiguous'; detail: string };
export type PurchaseOutcome = PayoutOutcome;

/**
 * What the site asks Roblox as the payout account, with its cookie (`cookie` overrides
 * ROBLOX_PAYOUT_COOKIE: one stored from the admin console). Reads throw PayoutAccountBlocked when
 * Roblox stops the account.
 */
export interface PayoutAccountCalls {
  /** Buys the pass with the payout account. Never retried on doubt: a retry could buy twice. */
  purchaseGamePass(pass: GamePassInfo, cookie?: string): Promise<PurchaseOutcome>;
  /**
   * The price the payout account is offered for the pass, which regional pricing may set below its
   * list price; null when the pass does not exist or is not for sale.
   */
  offeredGamePassPrice(id: number, cookie?: string): Promise<number | null>;
  /** The payout account's own Robux. */
  payoutAccountRobux(userId: number, cookie?: string): Promise<number>;
  /** The group's funds. */
  groupFunds(groupId: number, cookie?: string): Promise<number>;
  groupPayoutEligibility(groupId: number, userId: number, cookie?: string): Promise<GroupEligibility>;
  /** Pays from the group's funds. Never retried on doubt: a retry could pay twice. */
  payFromGroup(
    payout: { groupId: number; userId: number; amount: number },
    cookie?: string,
  ): Promise<PayoutOutcome>;
  /** The group's payouts back to `since`; `complete` is false when there were more than could be read. */
  groupPayoutsSince(
    groupId: number,
    since: string,
    cookie?: string,
  ): Promise<{ records: GroupPayoutRecord[]; complete: boolean }>;
}

/** The calls made as the payout account, each through one session that holds the CSRF token. */
export function createPayoutAccountCalls(
  base: { gamepass: string; economy: string; groups: string },
  defaultCookie: string | undefined,
  timeoutMs: number,
): PayoutAccountCalls {
  const asPayoutAccount = createPayoutSession(defaultCookie, timeoutMs);
  return {
    purchaseGamePass: (pass, cookie) => purchaseGamePass(base.economy, asPayoutAccount(cookie), pass),

    async offeredGamePassPrice(id, cookie) {
      const url = `${base.gamepass}/game-passes/v1/game-passes/${id}/product-info`;
      const answer = await asPayoutAccount(cookie).read(url);
      if (answer.status === 400 || answer.status === 404) return null;
      const info = parseOk(answer, productInfoResponse, url);
      return info.IsForSale ? (info.PriceInRobux ?? null) : null;
    },

    payoutAccountRobux: (userId, cookie) =>
      robuxOf(`${base.economy}/v1/users/${userId}/currency`, asPayoutAccount(cookie)),
    groupFunds: (groupId, cookie) =>
      robuxOf(`${base.economy}/v1/groups/${groupId}/currency`, asPayoutAccount(cookie)),
    groupPayoutEligibility: (groupId, userId, cookie) =>
      payoutEligibility(base.economy, asPayoutAccount(cookie), groupId, userId),
    payFromGroup: (payout, cookie) => payFromGroup(base.groups, asPayoutAccount(cookie), payout),
    groupPayoutsSince: (groupId, since, cookie) =>
      groupPayoutsSince(base.economy, asPayoutAccount(cookie), groupId, since),
  };
}
