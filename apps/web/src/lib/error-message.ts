import type { ErrorCode } from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';
import { ApiError } from './api-client';
import { currentLocale } from './i18n';

type CodeOfClient = 'NETWORK';

/**
 * A sentence per stable error code (packages/contracts errors.ts), so refusals read in the player's
 * language. Listed one by one, not looked up by name, so a page's chunk carries these and no other messages.
 */
const byCode: Record<ErrorCode | CodeOfClient, () => string> = {
  VALIDATION: m.errors_validation,
  UNAUTHENTICATED: m.errors_unauthenticated,
  FORBIDDEN: m.errors_forbidden,
  BANNED: m.errors_banned,
  NOT_FOUND: m.errors_not_found,
  CONFLICT: m.errors_conflict,
  INSUFFICIENT_FUNDS: m.errors_insufficient_funds,
  WITHDRAWALS_PAUSED: m.errors_withdrawals_paused,
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
  BALANCE_CHANGED: m.errors_balance_changed,
  LIVE_FEED_FULL: m.errors_live_feed_full,
  RATE_LIMITED: m.errors_rate_limited,
  OVERLOADED: m.errors_overloaded,
  LIMITS_UNAVAILABLE: m.errors_limits_unavailable,
  ROBLOX_UNAVAILABLE: m.errors_roblox_unavailable,
  PAYLOAD_TOO_LARGE: m.errors_payload_too_large,
  INTERNAL: m.errors_internal,
  NETWORK: m.errors_network,
};

/**
 * The readable message of any thrown value. In English, the server's own sentence (the spec quotes
 * several, and they carry details such as limits); in Dutch and French, the sentence for its code.
 */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const translated = byCode[err.code as ErrorCode | CodeOfClient];
    if (currentLocale() === 'en' || !translated) return err.message || m.errors_fallback();
    return translated();
  }
  if (err instanceof Error && err.message) return err.message;
  return m.errors_fallback();
}
