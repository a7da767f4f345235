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
    /** BALANCE_CHANGED: the player's balance now, in R$. */
    balance: z.number().optional(),
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
