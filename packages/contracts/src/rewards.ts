import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Daily streak
// ---------------------------------------------------------------------------------------------

/** Days 1–6 pay this many R$; day 7 is a surprise between the two bounds below. */
export const STREAK_DAY_REWARD = 50;
export const STREAK_SURPRISE_MIN = 50;
export const STREAK_SURPRISE_MAX = 250;
export const STREAK_DAYS = 7;

/** One day card. For day 7 `amount` is the most it can pay ("up to") and `surprise` is true. */
export const streakReward = z.object({
  day: z.number().int(),
  amount: z.number(),
  claimed: z.boolean(),
  canClaim: z.boolean(),
  surprise: z.boolean().optional(),
});
export type StreakReward = z.infer<typeof streakReward>;

/** GET /api/streak-rewards/{username} (own account). */
export const streakRewardsResponse = z.object({
  rewards: z.array(streakReward),
  /** True when today's reward is already claimed (a site day: midnight to midnight in SITE_TIME_ZONE). */
  claimedToday: z.boolean(),
  /** When the next claim opens: the start of the next site day, an ISO-8601 instant. */
  nextClaimAt: z.string(),
});
export type StreakRewardsResponse = z.infer<typeof streakRewardsResponse>;

/**
 * POST /api/streak-rewards/claim. The spec's client sends `{ username }`; the session decides whose
 * streak it is, so the body is read for nothing. A second claim the same site day → 409 `{ error }`.
 */
export const streakClaimRequest = z.looseObject({ username: z.string().max(100).optional() }).optional();

/** A bonus credited to the caller (a promo code, a social follow; the daily claim adds its day). */
export const bonusCreditResponse = z.object({
  success: z.literal(true),
  /** R$ credited. */
  amount: z.number(),
  /** The new balance in R$. */
  robux: z.number(),
});

export const streakClaimResponse = bonusCreditResponse.extend({ day: z.number().int() });
export type StreakClaimResponse = z.infer<typeof streakClaimResponse>;

// ---------------------------------------------------------------------------------------------
// Promo codes
// ---------------------------------------------------------------------------------------------

/** Whether an R$ amount has at most two decimals (hundredths are the smallest unit). */
export function hasAtMostTwoDecimals(n: number): boolean {
  return Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
}

/** How a code is stored and matched: surrounding spaces dropped, upper case. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** POST /api/promocode/redeem. The spec's client also sends `username`: ignored (the session decides). */
export const promoRedeemRequest = z.object({
  code: z.string().max(100),
  username: z.string().max(100).optional(),
});
export type PromoRedeemRequest = z.infer<typeof promoRedeemRequest>;

/** Success; failures are `{ success: false, error, code }` with a 4xx status. */
export const promoRedeemResponse = bonusCreditResponse;
export type PromoRedeemResponse = z.infer<typeof promoRedeemResponse>;

export const PROMO_ERRORS = {
  invalid: 'Invalid promo code.',
  expired: 'This promo code has expired.',
  usedUp: 'This promo code has reached its usage limit.',
  already: 'You have already redeemed this code.',
} as const;

/** Admin: a code with its use count. Amounts in R$. */
export const adminPromoCode = z.object({
  id: z.number(),
  code: z.string(),
  amount: z.number(),
  maxUses: z.number().nullable(),
  uses: z.number(),
  expiresAt: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type AdminPromoCode = z.infer<typeof adminPromoCode>;

export const adminPromoCodesResponse = z.object({ promoCodes: z.array(adminPromoCode) });
export type AdminPromoCodesResponse = z.infer<typeof adminPromoCodesResponse>;

/** POST /api/admin/promocodes. `amount` in R$ (up to 2 decimals); `expiresAt` an ISO time. */
export const createPromoCodeRequest = z.object({
  code: z
    .string()
    .transform(normalizePromoCode)
    .pipe(
      z
        .string()
        .min(2, 'A promo code has at least 2 characters.')
        .max(40, 'A promo code has at most 40 characters.')
        .regex(/^[A-Z0-9_-]+$/, 'A promo code has only letters, digits, - and _.'),
    ),
  amount: z
    .number()
    .positive('The amount must be greater than 0.')
    .max(1_000_000)
    .refine(hasAtMostTwoDecimals, { message: 'The amount has at most 2 decimals.' }),
  maxUses: z
    .number()
    .int()
    .positive('The use limit must be a whole number above 0.')
    .max(2_147_483_647)
    .nullable()
    .optional(),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type CreatePromoCodeRequest = z.input<typeof createPromoCodeRequest>;

export const setPromoCodeActiveRequest = z.object({ active: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Giveaways
// ---------------------------------------------------------------------------------------------

/** GET /api/giveaway: the current giveaway. `prize` in R$; `entries` is the number of entrants. */
export const giveawayResponse = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  prize: z.number(),
  endDate: z.string(),
  entries: z.number(),
  /** Whether the caller (bearer token) has entered; false for visitors. */
  entered: z.boolean(),
  winner: z.string().nullable(),
  /** True once the end date has passed (or the admin ended it early). */
  ended: z.boolean(),
  /**
   * Lowercase hex SHA-256 of the draw's secret, published from creation on (docs/draws.md); null
   * for giveaways drawn before draws were checkable.
   */
  commitment: z.string().nullable(),
  /** The published draw once the winner is picked (docs/draws.md); null before, and for old giveaways. */
  draw: z
    .object({
      /** The 32-byte secret as 64 lowercase hex characters; its SHA-256 is `commitment`. */
      secret: z.string(),
      /** The eligible entrants' shortened names, by user id ascending: exactly what was hashed. */
      entries: z.array(z.string()),
      /** Hex SHA-256 of `<secret>:<id>:<entries joined by "\n">`. */
      hash: z.string(),
      /** The winner's position in `entries`; null when nobody could win. */
      winnerIndex: z.number().int().nullable(),
    })
    .nullable(),
});
export type GiveawayResponse = z.infer<typeof giveawayResponse>;

/** POST /api/giveaway/pick → the winner's username, or null when nobody entered. */
export const giveawayPickResponse = z.object({ winner: z.string().nullable() });
export type GiveawayPickResponse = z.infer<typeof giveawayPickResponse>;

/** POST /api/giveaway/enter: the spec's client sends `{ username }`; ignored. */
export const giveawayEnterRequest = z.looseObject({ username: z.string().max(100).optional() }).optional();

export const adminGiveaway = giveawayResponse.omit({ entered: true }).extend({
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type AdminGiveaway = z.infer<typeof adminGiveaway>;

export const adminGiveawaysResponse = z.object({ giveaways: z.array(adminGiveaway) });
export type AdminGiveawaysResponse = z.infer<typeof adminGiveawaysResponse>;

/** POST /api/admin/giveaways. `prize` in R$; `endAt` an ISO time in the future. */
export const createGiveawayRequest = z.object({
  title: z.string().trim().min(1, 'A title is required.').max(120),
  description: z.string().trim().max(2000).default(''),
  prize: z
    .number()
    .positive('The prize must be greater than 0.')
    .max(1_000_000)
    .refine(hasAtMostTwoDecimals, { message: 'The prize has at most 2 decimals.' }),
  endAt: z.iso.datetime({ offset: true }),
});
export type CreateGiveawayRequest = z.input<typeof createGiveawayRequest>;

export const adminGiveawayEntriesResponse = z.object({
  entries: z.array(z.object({ username: z.string(), enteredAt: z.string() })),
});
export type AdminGiveawayEntriesResponse = z.infer<typeof adminGiveawayEntriesResponse>;
