import { z } from 'zod';
import { withdrawalMethods } from './withdrawals.ts';

// The landing page's cards: what the site has measured, or what a new player gets.

/** What the site has paid and credited, from its ledger and its paid withdrawals. */
export const siteFigures = z.object({
  /** R$ of withdrawals paid out (whole Robux). */
  robuxPaidOut: z.number().int(),
  /** Rewards credited to players: offers, surveys, socials, daily rewards, promo codes, referrals, giveaways. */
  rewardsCredited: z.number().int(),
  /** Players who received at least one paid withdrawal. */
  playersPaid: z.number().int(),
});
export type SiteFigures = z.infer<typeof siteFigures>;

/**
 * GET /api/landing (public). `figures` is null until the site has paid the withdrawals the operator
 * set as the threshold (PUBLIC_FIGURES_MIN_PAYOUTS); the page then says what a new player gets,
 * from the site's own rules. `rating` only when the operator configured one with its source.
 */
export const landingResponse = z.object({
  figures: siteFigures.nullable(),
  offer: z.object({
    /** R$ of the first daily reward (day 1 of the streak). */
    firstDailyReward: z.number(),
    /** The daily reward opens only after one completed offer (BONUSES_REQUIRE_OFFER). */
    dailyNeedsOffer: z.boolean(),
    /** The smallest withdrawal, in whole R$ (MIN_WITHDRAWAL). */
    minWithdrawal: z.number().int(),
    /** Percent of a referred friend's earnings paid to the referrer (REFERRAL_COMMISSION_PERCENT). */
    referralPercent: z.number(),
  }),
  /** An account's first withdrawal waits for an admin's review (REVIEW_FIRST_WITHDRAWAL). */
  firstWithdrawalReviewed: z.boolean(),
  /** How withdrawals reach players (PAYOUT_METHODS): a gamepass sale stays pending on Roblox for days. */
  payoutMethods: z.array(z.enum(withdrawalMethods)),
  rating: z
    .object({
      /** Out of 5. */
      value: z.number(),
      /** Where the rating was given (an https page). */
      source: z.string(),
    })
    .nullable(),
});
export type LandingResponse = z.infer<typeof landingResponse>;
