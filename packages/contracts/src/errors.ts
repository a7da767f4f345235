import { z } from 'zod';
import { loginProofChallenge } from './protection.ts';

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
  /** The gamepass has regional pricing on: the payout account is offered another price than its list price. */
  'REGIONAL_PRICING',
  /** A group payout to a player who is not in the group, or whom Roblox restricts (new members). */
  'GROUP_PAYOUT_NOT_ELIGIBLE',
  /** The account is protected: typing its name does not open it; `proof` says how to prove ownership. */
  'ACCOUNT_PROTECTED',
  /** Turning protection off needs proof of ownership made in the last 10 minutes. */
  'PROOF_REQUIRED',
  /** Staff sign-in: the password was right; two-factor sign-in is on, so a `code` is needed too. */
  'TOTP_REQUIRED',
  /** Sign in with Roblox: the one-time code of POST /api/auth/roblox/finish is unknown, used or expired. */
  'ROBLOX_SIGN_IN_FAILED',
  /** Account deletion: a withdrawal is not yet paid or refunded. */
  'WITHDRAWAL_IN_FLIGHT',
  /** Account deletion: the balance is no longer the one the dialog showed (`balance` is the current one). */
  'BALANCE_CHANGED',
  /**
   * The live feed's stream is at this process's bound (LIVE_FEED_MAX_STREAMS), or the caller's address
   * has LIVE_FEED_MAX_STREAMS_PER_ADDRESS open: poll GET /api/live/recent instead.
   */
  'LIVE_FEED_FULL',
  'RATE_LIMITED',
  /** The shared rate-limit counters (Redis) cannot be reached: limited actions pause rather than go uncounted. */
  'LIMITS_UNAVAILABLE',
  /** The process is too busy to answer in time (its event loop lags): try again after Retry-After. */
  'OVERLOADED',
  'ROBLOX_UNAVAILABLE',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * The figures a refusal may carry beside its sentence, so a client can word it in its own language
 * with the same numbers. `robux`: an amount of R$; `count`: a whole number (a gamepass price, which is
 * in Robux but is what Roblox shows); `seconds`; `percent`.
 */
export const errorDetailKinds = {
  /** The smallest withdrawal, in R$ (MIN_WITHDRAWAL). */
  minimum: 'robux',
  /** The largest withdrawal, in R$ (MAX_WITHDRAWAL). */
  maximum: 'robux',
  /** The player's balance now, in R$. */
  balance: 'robux',
  /** The gamepass price to set (what leaves the player the amount after Roblox's fee). */
  price: 'count',
  /** The gamepass's price on Roblox now. */
  currentPrice: 'count',
  /** Seconds until another try may succeed (also in `Retry-After`). */
  retryAfter: 'seconds',
  /** The reversed share of the player's offer credits, and the share allowed (`reversals`). */
  percent: 'percent',
  limitPercent: 'percent',
} as const;
export type ErrorDetail = keyof typeof errorDetailKinds;

/**
 * The figures each code carries when its answer has them (a rate limit of the admin sign-in says when
 * to try again; others do not know).
 */
export const errorCodeDetails: Partial<Record<ErrorCode, readonly ErrorDetail[]>> = {
  INSUFFICIENT_FUNDS: ['balance'],
  BALANCE_CHANGED: ['balance'],
  WITHDRAWALS_PAUSED: ['percent', 'limitPercent'],
  RATE_LIMITED: ['retryAfter'],
};

/**
 * Which refusal an answer is, where one code covers refusals a player must tell apart (VALIDATION on
 * POST /api/withdraw is an amount out of bounds or a gamepass at the wrong price; UNAUTHENTICATED on the
 * admin sign-in is a wrong password, not an ended session). Each names its code and the figures its
 * answer carries; an answer without `reason` is its code's generic refusal.
 */
export const errorReasons = {
  /** The amount is not a whole number of R$ between the bounds. */
  AMOUNT_OUT_OF_RANGE: { code: 'VALIDATION', details: ['minimum', 'maximum'] },
  GAMEPASS_LINK_MISSING: { code: 'VALIDATION', details: [] },
  GAMEPASS_LINK_INVALID: { code: 'VALIDATION', details: [] },
  GAMEPASS_NOT_FOR_SALE: { code: 'VALIDATION', details: ['price'] },
  GAMEPASS_WRONG_PRICE: { code: 'VALIDATION', details: ['price', 'currentPrice'] },
  GAMEPASS_NOT_FOUND: { code: 'NOT_FOUND', details: [] },
  GAMEPASS_NOT_YOURS: { code: 'FORBIDDEN', details: [] },
  GAMEPASS_USED: { code: 'CONFLICT', details: [] },
  GROUP_PAYOUT_IN_FLIGHT: { code: 'CONFLICT', details: [] },
  /** The profile is not verified by the bio check. */
  NOT_VERIFIED: { code: 'FORBIDDEN', details: [] },
  /** The balance is below zero (a reversed credit already spent). */
  NEGATIVE_BALANCE: { code: 'INSUFFICIENT_FUNDS', details: ['balance'] },
  /** Promo codes (POST /api/promocode/redeem): an unknown code, and the refusals of a known one. */
  PROMO_INVALID: { code: 'NOT_FOUND', details: [] },
  PROMO_EXPIRED: { code: 'CONFLICT', details: [] },
  PROMO_USED_UP: { code: 'CONFLICT', details: [] },
  PROMO_ALREADY_REDEEMED: { code: 'CONFLICT', details: [] },
  /** Admin sign-in with ADMIN_PASSWORD. */
  INCORRECT_PASSWORD: { code: 'UNAUTHENTICATED', details: [] },
  /** Staff sign-in. */
  INCORRECT_USERNAME_OR_PASSWORD: { code: 'UNAUTHENTICATED', details: [] },
  INCORRECT_CODE: { code: 'UNAUTHENTICATED', details: [] },
} as const satisfies Record<string, { code: ErrorCode; details: readonly ErrorDetail[] }>;
export type ErrorReason = keyof typeof errorReasons;
export const errorReasonNames = Object.keys(errorReasons) as [ErrorReason, ...ErrorReason[]];

/**
 * Every error answer. The serializer drops what a schema does not name, so each field any error may
 * carry is listed here, including the extras of a few refusals.
 */
export const errorBody = z
  .object({
    error: z.string(),
    code: z.enum(errorCodes),
    /** The spec's client reads these on the calls it makes (login, claims, promo codes, withdrawals). */
    success: z.literal(false).optional(),
    message: z.string().optional(),
    /** Admin sign-in: seconds until another password may be tried (also in `Retry-After`). */
    retryAfter: z.number().optional(),
    /** WITHDRAWALS_PAUSED: the reversed share of the player's offer credits that paused them. */
    reversals: z
      .object({ credits: z.number(), reversed: z.number(), percent: z.number(), limitPercent: z.number() })
      .optional(),
    /** ACCOUNT_PROTECTED: the fresh bio sentence to prove ownership with (POST /api/login/prove). */
    proof: loginProofChallenge.optional(),
    /** BALANCE_CHANGED, INSUFFICIENT_FUNDS: the player's balance now, in R$. */
    balance: z.number().optional(),
    /** Which refusal of its code this is (`errorReasons`). */
    reason: z.enum(errorReasonNames).optional(),
    /** AMOUNT_OUT_OF_RANGE: the bounds of a withdrawal, in R$. */
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    /** GAMEPASS_NOT_FOR_SALE, GAMEPASS_WRONG_PRICE: the price to set, and the gamepass's price now. */
    price: z.number().optional(),
    currentPrice: z.number().optional(),
  })
  // One named schema in the API document, which every error answer refers to.
  .meta({ id: 'ErrorBody', description: 'An error: `error` for people, `code` for programs.' });
export type ErrorBody = z.infer<typeof errorBody>;

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503;

/**
 * A route's error answers for its response schema: the statuses named, and 500 always (anything
 * unexpected). Each is `errorBody`, so the API document lists what a caller may get back.
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S | 500, typeof errorBody> {
  const map = { 500: errorBody } as Record<S | 500, typeof errorBody>;
  for (const status of statuses) map[status] = errorBody;
  return map;
}

/** A 204 answer: no body. */
export const noContent = z.undefined().describe('No content');
