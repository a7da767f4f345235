import { gamepassLink, REGIONAL_PRICING_STEPS } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { type GamePassInfo, PayoutAccountBlocked } from '../../roblox/gateway.ts';
import * as payout from './payout-method.ts';

// A gamepass payout: the payout account buys the player's gamepass (decision 0006). Only asks Roblox
// and reports what it answered; payout-machine.ts decides what that means for the withdrawal.

/** Refusals that mean "nothing was bought, and it is not the gamepass's fault". */
const NOT_ATTEMPTED = new Set(['RateLimited', 'HTTP_403']);

export const regionalPricingReason = (offered: number, price: number) =>
  `Regional pricing is on for this gamepass: Roblox offers it to us for ${offered} Robux instead of ${price}, so you would receive less. ${REGIONAL_PRICING_STEPS} Then withdraw again.`;

const OWNED = 'the payout account owns the gamepass';

export function gamepassMethod(
  deps: Deps,
  w: payout.Withdrawal,
  cookie: string | undefined,
): payout.PayoutMethod {
  const { roblox } = deps;
  const gamePassId = Number(w.gamepass_id);
  const link = gamepassLink(gamePassId);
  // Owned means bought for this withdrawal: a live withdrawal's gamepass is unique (index).
  const owns = () => roblox.ownsGamePass(deps.env.ROBLOX_PAYOUT_USER_ID, gamePassId);

  async function earlier(): Promise<payout.Earlier> {
    try {
      return (await owns()) ? { kind: 'already-paid', detail: OWNED } : { kind: 'not-paid' };
    } catch (err) {
      return { kind: 'unclear', detail: payout.noAnswer(err) };
    }
  }

  async function check(): Promise<payout.Check> {
    let pass: GamePassInfo | null;
    let owned: boolean;
    try {
      pass = await roblox.getGamePass(gamePassId);
      owned = await owns();
    } catch (err) {
      return {
        kind: 'try-later',
        reason: `Roblox did not answer before the purchase: ${payout.noAnswer(err)}`,
      };
    }
    if (owned) return { kind: 'already-paid', detail: OWNED };
    const refused = (reason: string): payout.Check => ({ kind: 'refused', reason });
    if (!pass) return refused('The gamepass no longer exists.');
    if (!pass.isForSale || pass.price === null) return refused('The gamepass is no longer for sale.');
    if (pass.price !== w.price) {
      return refused(`The gamepass price changed from ${w.price} to ${pass.price} Robux.`);
    }
    if (pass.creatorId !== Number(w.seller_id)) return refused('The gamepass changed owner.');

    // Regional pricing may offer the payout account a lower price than the list price: the player
    // would receive less than asked (or the purchase would fail on the expected price).
    let offered: number | null;
    try {
      offered = await roblox.offeredGamePassPrice(gamePassId, cookie);
    } catch (err) {
      if (err instanceof PayoutAccountBlocked) return { kind: 'account-stopped', reason: err.block.detail };
      return {
        kind: 'try-later',
        reason: `Roblox did not say the price offered to the payout account: ${payout.noAnswer(err)}`,
      };
    }
    if (offered !== null && offered !== w.price) return refused(regionalPricingReason(offered, w.price));
    const onSale = pass;
    return { kind: 'ready', pay: () => buy(onSale) };
  }

  async function buy(pass: GamePassInfo): Promise<payout.Sent> {
    // Expected price and seller are the withdrawal's: Roblox refuses if either differs by now.
    const outcome = await roblox.purchaseGamePass(
      { ...pass, price: w.price, creatorId: Number(w.seller_id) },
      cookie,
    );
    switch (outcome.kind) {
      case 'purchased':
        return { kind: 'paid', detail: 'purchased' };
      case 'blocked':
        return { kind: 'account-stopped', reason: outcome.detail };
      case 'refused': {
        const why = `Roblox refused the purchase (${outcome.reason})${outcome.detail ? `: ${outcome.detail}` : ''}`;
        if (outcome.reason === 'AlreadyOwned') {
          return { kind: 'paid', detail: 'Roblox says the payout account already owns it' };
        }
        if (outcome.reason === 'InsufficientFunds') {
          return {
            kind: 'insufficient-funds',
            reason: `${why}. Buy Robux for the payout account; payouts resume by themselves.`,
          };
        }
        if (NOT_ATTEMPTED.has(outcome.reason)) return { kind: 'not-sent', reason: why };
        return { kind: 'refused', reason: `${why}.` };
      }
      case 'ambiguous': {
        // It may have gone through: the inventory is asked before anything else.
        let ownedNow = false;
        try {
          ownedNow = await owns();
        } catch {
          // Still unclear; the next attempt asks again before buying.
        }
        if (ownedNow) {
          return {
            kind: 'paid',
            detail: 'the purchase answer was unclear, but the payout account owns the gamepass',
          };
        }
        return { kind: 'unclear', detail: outcome.detail };
      }
    }
  }

  return {
    earlier,
    check,
    cost: w.price,
    says: {
      attempt: 'purchase',
      paying: 'buying',
      target: `gamepass ${link}, price ${w.price}`,
      noneFound: 'the payout account does not own the gamepass',
      whereToLook: `Check the payout account's inventory for gamepass ${link}.`,
    },
  };
}
