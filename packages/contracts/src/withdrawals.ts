import { z } from 'zod';

// Schemas of the withdrawals endpoints: bio verification, withdraw requests, the player's own list
// and the admin console's payout queue. Amounts are R$ numbers.

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
  .object({ username: z.unknown(), userId: z.unknown(), code: z.unknown() })
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
});
export type WithdrawRequest = {
  gamepassId?: number | string;
  gamepassUrl?: string;
  amount: number;
  username?: string;
};

export const withdrawalSummary = z.object({
  id: z.number(),
  robux: z.number(),
  price: z.number(),
  gamepassId: z.number(),
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
export const withdrawalView = z.object({
  id: z.number(),
  robux: z.number(),
  price: z.number(),
  gamepassId: z.number(),
  state: withdrawalState,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WithdrawalView = z.infer<typeof withdrawalView>;

/** Why the player cannot withdraw now, when a rule says so (shown on the withdraw page before they try). */
export const withdrawalBlock = z.object({ code: z.string(), message: z.string() });
export type WithdrawalBlock = z.infer<typeof withdrawalBlock>;

export const withdrawalsResponse = z.object({
  withdrawals: z.array(withdrawalView),
  /** Only when a rule stops a new withdrawal now (a paused account, a negative balance). */
  blocked: withdrawalBlock.optional(),
});
export type WithdrawalsResponse = z.infer<typeof withdrawalsResponse>;

// ---- admin console ----

export const adminWithdrawalsQuery = z.object({
  /** Omitted or `all`: every state. */
  state: z.union([withdrawalState, z.literal('all')]).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminWithdrawalsQuery = z.infer<typeof adminWithdrawalsQuery>;

export const adminWithdrawalRow = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  robloxId: z.number(),
  gamepassId: z.number(),
  gamepassUrl: z.string(),
  robux: z.number(),
  price: z.number(),
  state: withdrawalState,
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: z.string().nullable(),
  /** Why it went to review (kept after the decision); empty when no rule applied. */
  reviewReasons: z.array(reviewReason),
  /** The player's account status now. */
  playerStatus: z.enum(['active', 'banned']),
  /** An admin chose to pay it although the player is banned. */
  payDespiteBan: z.boolean(),
});
export type AdminWithdrawalRow = z.infer<typeof adminWithdrawalRow>;

export const adminWithdrawalsResponse = z.object({
  withdrawals: z.array(adminWithdrawalRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminWithdrawalsResponse = z.infer<typeof adminWithdrawalsResponse>;

export const withdrawalIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const rejectWithdrawalRequest = z.object({
  reason: z.string().trim().min(1, 'Give a reason.').max(300),
});
export const resolveWithdrawalRequest = z.object({
  outcome: z.enum(['paid', 'refunded']),
  note: z.string().trim().max(300).optional(),
});

/**
 * POST /api/admin/withdrawals/{id}/decide: the admin's decision on a withdrawal `in_review` or `held`.
 * `approve` sends it to payment (`pending`; a held one is then paid although the player is banned);
 * `refund` gives the amount back to the player's balance. Both are audited and apply once.
 */
export const decideWithdrawalRequest = z.object({
  decision: z.enum(['approve', 'refund']),
  note: z.string().trim().max(300).optional(),
});
export type DecideWithdrawalRequest = z.infer<typeof decideWithdrawalRequest>;

/** The reversed share of a player's offer and survey credits over the rule's window. */
export const reversalShare = z.object({
  windowDays: z.number(),
  /** Credits received (held ones included) and those the provider reversed, by count and R$. */
  credits: z.number(),
  reversed: z.number(),
  creditedRobux: z.number(),
  reversedRobux: z.number(),
  /** The higher of the count share and the R$ share, rounded to one decimal. */
  percent: z.number(),
  limitPercent: z.number(),
  /** Withdrawals are paused: the share is above the limit. */
  paused: z.boolean(),
});
export type ReversalShare = z.infer<typeof reversalShare>;

/** GET /api/admin/users/{id}/money: what the withdrawal rules see of a player. */
export const adminUserMoneyResponse = z.object({
  userId: z.number(),
  status: z.enum(['active', 'banned']),
  verified: z.boolean(),
  /** R$; negative after reversals. */
  balance: z.number(),
  /** R$ of offer and survey credits still on hold. */
  pendingRobux: z.number(),
  reversals: reversalShare,
  /** What the player is told when trying to withdraw now; null when nothing blocks it. */
  blocked: withdrawalBlock.nullable(),
  /** Paid withdrawals so far (0: the next one is a first withdrawal). */
  paidWithdrawals: z.number(),
  /** Withdrawals waiting for a decision or a payout, newest first. */
  open: z.array(
    z.object({
      id: z.number(),
      robux: z.number(),
      state: withdrawalState,
      reviewReasons: z.array(reviewReason),
      lastError: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminUserMoneyResponse = z.infer<typeof adminUserMoneyResponse>;

/** The public link of a gamepass, for the admin console. */
export function gamepassLink(gamepassId: number): string {
  return `https://www.roblox.com/game-pass/${gamepassId}`;
}
