import { z } from 'zod';
import { errorBody } from './errors.ts';

// Schemas of the player's withdrawals endpoints: bio verification, withdraw requests, the player's own
// list. The admin console's payout queue is in withdrawals-admin.ts. Amounts are R$ numbers.

/**
 * How a withdrawal reaches the player (the operator enables them with PAYOUT_METHODS):
 * - `gamepass`: the payout account buys a gamepass the player created (Roblox keeps 30%; the player's
 *   Robux arrive as pending sales, available after several days);
 * - `group`: the operator's Roblox group pays the exact amount from its funds to the player, a group
 *   member eligible for payouts (new members wait about two weeks).
 */
export const withdrawalMethods = ['gamepass', 'group'] as const;
export const withdrawalMethod = z.enum(withdrawalMethods);
export type WithdrawalMethod = z.infer<typeof withdrawalMethod>;

/** Roblox keeps this share of every gamepass sale; the seller receives the rest. */
export const ROBLOX_FEE_PERCENT = 30;

/**
 * The gamepass price that leaves the player `robux` after Roblox's 30% fee: ceil(robux / 0.7),
 * computed in integers (7 / 0.7 is 10.000000000000002 in floating point, which would round up to 11).
 */
export function gamepassPriceFor(robux: number): number {
  return Math.ceil((robux * 100) / (100 - ROBLOX_FEE_PERCENT));
}

/**
 * The gamepass id in what a player pasted: a bare id ("123456"), or the first all-digit path segment
 * of a link such as https://www.roblox.com/game-pass/123456/My-Pass. Null when there is none.
 */
export function parseGamepassId(input: unknown): number | null {
  if (typeof input === 'number') return Number.isSafeInteger(input) && input > 0 ? input : null;
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!text) return null;
  if (/^\d{1,15}$/.test(text)) return toId(text);
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  for (const segment of url.pathname.split('/')) {
    if (/^\d{1,15}$/.test(segment)) return toId(segment);
  }
  return null;
}

function toId(digits: string): number | null {
  const id = Number(digits);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The one list of withdrawal states (the database column, the API, the metrics and the console read it):
 * - `in_review`: a review rule applied at request time; an admin approves (→ pending) or rejects (→ refunded);
 * - `pending` → `purchasing` → `paid` | `refunded` | `needs_review` (automatic payouts; in manual mode an
 *   admin marks pending → paid, or rejects → refunded);
 * - `needs_review`: a purchase had no clear outcome; an admin checks the payout account's inventory and
 *   resolves it as paid or refunded;
 * - `held`: the player was banned before the payout; an admin pays anyway (→ pending, not stopped by the
 *   ban again) or refunds (→ refunded). Unbanning changes nothing.
 */
export const withdrawalStates = [
  'pending',
  'purchasing',
  'paid',
  'refunded',
  'needs_review',
  'in_review',
  'held',
] as const;
export const withdrawalState = z.enum(withdrawalStates);
export type WithdrawalStateName = z.infer<typeof withdrawalState>;

/** States in which the money is withdrawn but not yet paid: the console's "waiting" count. */
export const openWithdrawalStates = [
  'pending',
  'purchasing',
  'needs_review',
  'in_review',
  'held',
] as const satisfies readonly WithdrawalStateName[];

/**
 * Why a withdrawal waits for an admin's review (`in_review`). `code` is stable (`first_withdrawal`,
 * `above_limit`, `young_account`, …, one per rule in the server's review-rules.ts); `text` is for people.
 */
export const reviewReason = z.object({ code: z.string(), text: z.string() });
export type ReviewReason = z.infer<typeof reviewReason>;

// ---- bio verification ----

/** POST /api/verify-bio: the spec's client sends username, userId and code; the server uses the session. */
export const verifyBioRequest = z
  .object({
    username: z.unknown(),
    userId: z.unknown(),
    code: z.unknown(),
    /**
     * The referral link this browser first arrived with: the referrer counts only when it comes from
     * the browser that proves the account (this call, when it verifies).
     */
    ref: z.string().trim().max(20).nullable(),
  })
  .partial()
  .nullish();

export const verifyBioResponse = z.object({ success: z.literal(true), message: z.string() });
export type VerifyBioResponse = z.infer<typeof verifyBioResponse>;

/** POST /api/verification/refresh: a new sentence for an account that is not verified yet. */
export const refreshVerificationResponse = z.object({ verificationCode: z.string() });
export type RefreshVerificationResponse = z.infer<typeof refreshVerificationResponse>;

export const VERIFIED_MESSAGE = 'Verified successfully!';
export const CODE_NOT_IN_BIO_MESSAGE = 'Verification code not found in bio.';
export const NO_CODE_MESSAGE = 'No verification code assigned. Contact support.';
export const NOT_VERIFIED_MESSAGE = 'You must verify your Roblox profile before withdrawing.';
/** The answer to a withdrawal that waits for an admin's review. */
export const UNDER_REVIEW_MESSAGE =
  'Your withdrawal request has been submitted and is under review: an admin checks it before it is paid. If it is rejected, the Robux go back to your balance.';

// ---- withdraw ----

/**
 * POST /api/withdraw. The gamepass comes as `gamepassUrl` (a link) or `gamepassId` (an id or a link);
 * the amount arrives unchecked so that every bad value gets one clear message. `username` (sent by the
 * spec's client) is ignored: the session names the player. Header `Idempotency-Key` is optional.
 */
export const withdrawRequest = z.object({
  gamepassId: z
    .union([z.number(), z.string().max(500)])
    .optional()
    .nullable(),
  gamepassUrl: z.string().max(500).optional().nullable(),
  amount: z.unknown().optional(),
  username: z.string().max(100).optional().nullable(),
  /** Omitted: `gamepass` when the operator enables it, else `group`. A group payout needs no gamepass. */
  method: withdrawalMethod.optional(),
});
export type WithdrawRequest = {
  gamepassId?: number | string;
  gamepassUrl?: string;
  amount: number;
  username?: string;
  method?: WithdrawalMethod;
};

export const withdrawalSummary = z.object({
  id: z.number(),
  method: withdrawalMethod,
  /** What the player receives. */
  robux: z.number(),
  /** What the payout side pays: the gamepass price (robux ÷ 0.7, rounded up), or robux for a group payout. */
  price: z.number(),
  /** Null for a group payout. */
  gamepassId: z.number().nullable(),
  state: withdrawalState,
});

export const withdrawResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  withdrawal: withdrawalSummary,
  /** The balance after the debit, in R$. */
  robux: z.number(),
});
export type WithdrawResponse = z.infer<typeof withdrawResponse>;

/** One of the player's own withdrawals (GET /api/withdrawals). */
export const withdrawalView = withdrawalSummary.extend({ createdAt: z.string(), updatedAt: z.string() });
export type WithdrawalView = z.infer<typeof withdrawalView>;

/** Why the player cannot withdraw now, when a rule says so (shown on the withdraw page before they try). */
/** What stops a new withdrawal now: the refusal a request would get, with its reason and figures. */
export const withdrawalBlock = errorBody
  .pick({ reason: true, balance: true, reversals: true })
  .extend({ code: z.string(), message: z.string() });
export type WithdrawalBlock = z.infer<typeof withdrawalBlock>;

export const withdrawalsResponse = z.object({
  withdrawals: z.array(withdrawalView),
  /** Only when a rule stops a new withdrawal now (a paused account, a negative balance). */
  blocked: withdrawalBlock.optional(),
});
export type WithdrawalsResponse = z.infer<typeof withdrawalsResponse>;

/**
 * Told with every paid gamepass withdrawal: Roblox holds a gamepass sale's Robux as pending for the
 * seller (Roblox says "up to a few days"; in practice 3 to 7), so a player who checks at once sees nothing.
 */
export const PENDING_SALES_MESSAGE =
  'Paid! On Roblox the Robux show as pending sales first (Robux icon → My Transactions → Pending Robux) and become available after several days.';

/** Told with a paid group payout: it reaches the player's balance at once. */
export const GROUP_PAID_MESSAGE = 'Paid! The Robux were sent from our group straight to your Roblox balance.';

/** Where a player switches regional pricing off for a gamepass (Roblox turns it on by default). */
export const REGIONAL_PRICING_STEPS =
  'On Roblox, open Creator Hub → Creations → your experience → Monetization → Passes, open this pass, go to Sales, switch off "Regional pricing" and save.';

/**
 * GET /api/payout-options: the withdrawal methods on offer and, for group payouts, where the player
 * stands (Roblox asked at most once a minute). POST /api/payout-options/check answers the same, asked now.
 */
export const groupEligibility = z.enum(['Eligible', 'NotInGroup', 'PayoutRestricted', 'Unknown']);
export type GroupEligibility = z.infer<typeof groupEligibility>;

export const payoutOptionsResponse = z.object({
  methods: z.array(withdrawalMethod),
  /** The bounds of one withdrawal in whole R$ (MIN_WITHDRAWAL, MAX_WITHDRAWAL), told before the player types. */
  minRobux: z.number().int(),
  maxRobux: z.number().int(),
  /** An account's first withdrawal waits for an admin's review (REVIEW_FIRST_WITHDRAWAL): the page says so only then. */
  firstWithdrawalReviewed: z.boolean(),
  /** Only with group payouts on. */
  group: z
    .object({
      id: z.number(),
      /** The group's page on Roblox, where the player joins it. */
      url: z.string(),
      /** `Unknown` when Roblox could not be asked just now, or the player has no Roblox id yet. */
      eligibility: groupEligibility,
    })
    .optional(),
});
export type PayoutOptionsResponse = z.infer<typeof payoutOptionsResponse>;

/** The public page of a Roblox group (communities is Roblox's current name for groups). */
export function groupLink(groupId: number): string {
  return `https://www.roblox.com/communities/${groupId}`;
}
