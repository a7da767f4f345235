import type { ErrorBody, ErrorCode, ErrorReason } from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';
import { ApiError, bodyFields } from './api-client';
import { formatCount, formatPercent, formatRobux } from './format';
import { currentLocale } from './i18n';

type CodeOfClient = 'NETWORK';

/** The figures of an error answer (packages/contracts errors.ts), as they arrived. */
type Figures = Partial<Omit<ErrorBody, 'error' | 'code'>>;
type Sentence = (figures: Figures) => string;

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A sentence that names a figure when the answer carries it, else the code's plain sentence. */
function withFigure(
  figure: (f: Figures) => number | undefined,
  named: (value: number) => string,
  plain: () => string,
): Sentence {
  return (f) => {
    const value = figure(f);
    return value === undefined ? plain() : named(value);
  };
}

/**
 * A sentence per stable error code (packages/contracts errors.ts), so refusals read in the player's
 * language, with the figures the answer carries. Listed one by one, not looked up by name, so a page's
 * chunk carries these and no other messages.
 */
const byCode: Record<ErrorCode | CodeOfClient, Sentence> = {
  VALIDATION: m.errors_validation,
  UNAUTHENTICATED: m.errors_unauthenticated,
  FORBIDDEN: m.errors_forbidden,
  BANNED: m.errors_banned,
  NOT_FOUND: m.errors_not_found,
  CONFLICT: m.errors_conflict,
  INSUFFICIENT_FUNDS: withFigure(
    (f) => num(f.balance),
    (balance) => m.errors_insufficient_funds_balance({ balance: formatRobux(balance) }),
    m.errors_insufficient_funds,
  ),
  WITHDRAWALS_PAUSED: (f) => {
    const percent = num(f.reversals?.percent);
    const limit = num(f.reversals?.limitPercent);
    return percent === undefined || limit === undefined
      ? m.errors_withdrawals_paused()
      : m.errors_withdrawals_paused_percent({
          percent: formatPercent(percent),
          limitPercent: formatPercent(limit),
        });
  },
  TOO_MANY_ACCOUNTS: m.errors_too_many_accounts,
  OFFER_REQUIRED: m.errors_offer_required,
  HUMAN_CHECK_FAILED: m.errors_human_check_failed,
  HUMAN_CHECK_UNAVAILABLE: m.errors_human_check_unavailable,
  REGIONAL_PRICING: m.errors_regional_pricing,
  GROUP_PAYOUT_NOT_ELIGIBLE: m.errors_group_payout_not_eligible,
  ACCOUNT_PROTECTED: m.errors_account_protected,
  PROOF_REQUIRED: m.errors_proof_required,
  TOTP_REQUIRED: m.errors_totp_required,
  ROBLOX_SIGN_IN_FAILED: m.errors_roblox_sign_in_failed,
  WITHDRAWAL_IN_FLIGHT: m.errors_withdrawal_in_flight,
  BALANCE_CHANGED: withFigure(
    (f) => num(f.balance),
    (balance) => m.errors_balance_changed_balance({ balance: formatRobux(balance) }),
    m.errors_balance_changed,
  ),
  LIVE_FEED_FULL: m.errors_live_feed_full,
  RATE_LIMITED: withFigure(
    (f) => num(f.retryAfter),
    (seconds) => m.errors_rate_limited_retry({ seconds: formatCount(seconds) }),
    m.errors_rate_limited,
  ),
  OVERLOADED: m.errors_overloaded,
  LIMITS_UNAVAILABLE: m.errors_limits_unavailable,
  ROBLOX_UNAVAILABLE: m.errors_roblox_unavailable,
  PAYLOAD_TOO_LARGE: m.errors_payload_too_large,
  INTERNAL: m.errors_internal,
  NETWORK: m.errors_network,
};

/**
 * A sentence per refusal where one code covers several (`errorReasons` in the contracts). A figure the
 * answer lacks leaves the code's own sentence: a reason's sentence never shows a blank.
 */
const byReason: Record<ErrorReason, Sentence | ((f: Figures) => string | undefined)> = {
  AMOUNT_OUT_OF_RANGE: ({ minimum, maximum }) =>
    minimum === undefined || maximum === undefined
      ? undefined
      : m.errors_amount_out_of_range({ minimum: formatRobux(minimum), maximum: formatRobux(maximum) }),
  GAMEPASS_LINK_MISSING: m.errors_gamepass_link_missing,
  GAMEPASS_LINK_INVALID: m.errors_gamepass_link_invalid,
  GAMEPASS_NOT_FOR_SALE: ({ price }) =>
    price === undefined ? undefined : m.errors_gamepass_not_for_sale({ price: formatCount(price) }),
  GAMEPASS_WRONG_PRICE: ({ price, currentPrice }) =>
    price === undefined || currentPrice === undefined
      ? undefined
      : m.errors_gamepass_wrong_price({
          price: formatCount(price),
          currentPrice: formatCount(currentPrice),
        }),
  GAMEPASS_NOT_FOUND: m.errors_gamepass_not_found,
  GAMEPASS_NOT_YOURS: m.errors_gamepass_not_yours,
  GAMEPASS_USED: m.errors_gamepass_used,
  GROUP_PAYOUT_IN_FLIGHT: m.errors_group_payout_in_flight,
  NOT_VERIFIED: m.errors_not_verified,
  NEGATIVE_BALANCE: ({ balance }) =>
    balance === undefined ? undefined : m.errors_negative_balance({ balance: formatRobux(balance) }),
  // The promo page's own sentences (spec §8), the same wherever a promo refusal shows.
  PROMO_INVALID: m.promocodes_invalid,
  PROMO_EXPIRED: m.promocodes_expired,
  PROMO_USED_UP: m.promocodes_used_up,
  PROMO_ALREADY_REDEEMED: m.promocodes_already,
  INCORRECT_PASSWORD: m.errors_incorrect_password,
  INCORRECT_USERNAME_OR_PASSWORD: m.errors_incorrect_username_or_password,
  INCORRECT_CODE: m.errors_incorrect_code,
};

/**
 * The table's sentence for an error code and the fields of its answer, in the current language;
 * undefined for a code the contracts do not name.
 */
export function errorText(code: string, body?: unknown): string | undefined {
  const figures = bodyFields(body) as Figures;
  const reason = typeof figures.reason === 'string' ? byReason[figures.reason] : undefined;
  const own = reason?.(figures);
  if (own !== undefined) return own;
  return byCode[code as ErrorCode | CodeOfClient]?.(figures);
}

/**
 * The readable message of any thrown value. In English, the server's own sentence (the spec quotes
 * several, and they carry details such as limits); in Dutch and French, the table's sentence for its
 * code and reason, with the answer's figures.
 */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const translated = errorText(err.code, err.body);
    if (currentLocale() === 'en' || translated === undefined) return err.message || m.errors_fallback();
    return translated;
  }
  if (err instanceof Error && err.message) return err.message;
  return m.errors_fallback();
}
