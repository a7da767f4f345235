import { z } from 'zod';

/** Stable machine-readable codes; the `error` text beside them is for people. */
export const errorCodes = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'BANNED',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_FUNDS',
  /** Too many of the player's offer credits were reversed lately (MAX_REVERSAL_PERCENT). */
  'WITHDRAWALS_PAUSED',
  /** Sign-in would create an account beyond MAX_ACCOUNTS_PER_DEVICE (or _PER_ADDRESS). */
  'TOO_MANY_ACCOUNTS',
  /** BONUSES_REQUIRE_OFFER: promo codes and the daily claim open after one completed offer. */
  'OFFER_REQUIRED',
  /** The Turnstile human check was missing, failed or expired. */
  'HUMAN_CHECK_FAILED',
  /** Cloudflare's Turnstile check did not answer. */
  'HUMAN_CHECK_UNAVAILABLE',
  'RATE_LIMITED',
  'ROBLOX_UNAVAILABLE',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorBody = z.object({
  error: z.string(),
  code: z.enum(errorCodes),
  success: z.literal(false).optional(),
  message: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
