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

/** pending → purchasing → paid | refunded | needs_review (an admin resolves needs_review). */
export const withdrawalStates = ['pending', 'purchasing', 'paid', 'refunded', 'needs_review'] as const;
export const withdrawalState = z.enum(withdrawalStates);
export type WithdrawalStateName = z.infer<typeof withdrawalState>;

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

export const withdrawalsResponse = z.object({ withdrawals: z.array(withdrawalView) });
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

/** The public link of a gamepass, for the admin console. */
export function gamepassLink(gamepassId: number): string {
  return `https://www.roblox.com/game-pass/${gamepassId}`;
}
