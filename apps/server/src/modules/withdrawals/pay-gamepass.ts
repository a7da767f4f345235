import { gamepassLink, REGIONAL_PRICING_STEPS } from '@rewards/contracts';
import { type GamePassInfo, PayoutAccountBlocked } from '../../roblox/gateway.ts';
import type { EarlierPayment, Payout, PayoutResult } from './payout.ts';

/** Refusals that mean "nothing was bought, and it is not the gamepass's fault": try again later. */
const NOT_ATTEMPTED = new Set(['RateLimited', 'HTTP_403']);

export const regionalPricingReason = (offered: number, price: number) =>
  `Regional pricing is on for this gamepass: Roblox offers it to us for ${offered} Robux instead of ${price}, so you would receive less. ${REGIONAL_PRICING_STEPS} Then withdraw again.`;

function owns(p: Payout): Promise<boolean> {
  return p.deps.roblox.ownsGamePass(p.deps.env.ROBLOX_PAYOUT_USER_ID, Number(p.w.gamepass_id));
}

/** A gamepass is paid when the payout account owns it (its gamepass is unique among live withdrawals). */
export async function gamepassPaidBefore(p: Payout): Promise<EarlierPayment> {
  return (await owns(p)) ? { paid: true, detail: 'the payout account owns the gamepass' } : { paid: false };
}

/** Buys the player's gamepass with the payout account, at most once (decision 0006). */
export async function payGamepass(p: Payout): Promise<PayoutResult> {
  const { deps, w } = p;
  const gamePassId = Number(w.gamepass_id);
  let pass: GamePassInfo | null;
  let owned: boolean;
  try {
    pass = await deps.roblox.getGamePass(gamePassId);
    owned = await owns(p);
  } catch (err) {
    return p.unanswered('Roblox did not answer before the purchase', err);
  }
  if (owned) return p.paid('the payout account owns the gamepass');
  if (!pass) return p.refund('The gamepass no longer exists.');
  if (!pass.isForSale || pass.price === null) return p.refund('The gamepass is no longer for sale.');
  if (pass.price !== w.price) {
    return p.refund(`The gamepass price changed from ${w.price} to ${pass.price} Robux.`);
  }
  if (pass.creatorId !== Number(w.seller_id)) return p.refund('The gamepass changed owner.');

  // Regional pricing may offer the payout account a lower price than the list price: the player
  // would receive less than asked (or the purchase would fail on the expected price).
  let offered: number | null;
  try {
    offered = await deps.roblox.offeredGamePassPrice(gamePassId, p.cookie);
  } catch (err) {
    if (err instanceof PayoutAccountBlocked) return p.stopped(err.block.detail);
    return p.unanswered('Roblox did not say the price offered to the payout account', err);
  }
  if (offered !== null && offered !== w.price) return p.refund(regionalPricingReason(offered, w.price));

  if (w.purchase_attempts >= p.maxPurchaseAttempts) {
    return p.needsReview(
      `${w.purchase_attempts} purchase attempts without a clear answer, and the payout account does not own the gamepass.`,
      `Check the payout account's inventory for gamepass ${gamepassLink(gamePassId)}.`,
    );
  }
  const short = await p.waitIfShort(w.price);
  if (short) return short;

  // The last check before buying, in the statement that records the attempt: a ban committed by now stops it.
  const stop = await p.noteAttempt('just before buying');
  if (stop) return stop;
  const attempt = w.purchase_attempts + 1;
  // Expected price and seller are the withdrawal's: Roblox refuses if either differs by now.
  const outcome = await deps.roblox.purchaseGamePass(
    { ...pass, price: w.price, creatorId: Number(w.seller_id) },
    p.cookie,
  );
  p.log.info({ withdrawalId: w.id, attempt, outcome }, 'payout: purchase answered');

  switch (outcome.kind) {
    case 'purchased':
      return p.paid('purchased');
    case 'blocked':
      return p.stopped(outcome.detail);
    case 'refused': {
      const why = `Roblox refused the purchase (${outcome.reason})${outcome.detail ? `: ${outcome.detail}` : ''}`;
      if (outcome.reason === 'AlreadyOwned') return p.paid('Roblox says the payout account already owns it');
      if (outcome.reason === 'InsufficientFunds') {
        return p.waitForFunds(`${why}. Buy Robux for the payout account; payouts resume by themselves.`, {
          uncountPurchase: true,
        });
      }
      if (NOT_ATTEMPTED.has(outcome.reason)) {
        p.log.error(
          { withdrawalId: w.id, reason: outcome.reason },
          'payout: the payout account cannot buy now',
        );
        return p.retryLater(why, { uncountPurchase: true });
      }
      return p.refund(`${why}.`);
    }
    case 'ambiguous': {
      // It may have gone through. Ask the inventory before anything else.
      let ownedNow = false;
      try {
        ownedNow = await owns(p);
      } catch {
        // Still unclear; the next attempt asks again before buying.
      }
      if (ownedNow)
        return p.paid('the purchase answer was unclear, but the payout account owns the gamepass');
      const why = `Purchase attempt ${attempt} had no clear answer (${outcome.detail}).`;
      if (attempt >= p.maxPurchaseAttempts) {
        return p.needsReview(
          why,
          `Check the payout account's inventory for gamepass ${gamepassLink(gamePassId)}.`,
        );
      }
      return p.retryLater(why);
    }
  }
}
