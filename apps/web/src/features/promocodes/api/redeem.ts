import { useMutation } from '@tanstack/react-query';
import { PROMO_ERRORS, type PromoRedeemResponse } from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';
import { apiFetch, ApiError, bodyFields, FALLBACK_ERROR_MESSAGE } from '@/lib/api-client';
import { formatReward } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { errorMessage } from '@/lib/toast';

/** The spec's messages (§5, §8), in the player's language. */
export const PROMO_MESSAGES = {
  signedOut: m.promocodes_signed_out,
  empty: m.promocodes_empty,
  success: (amount: number) => m.promocodes_success({ amount: formatReward(amount) }),
  invalid: m.promocodes_invalid,
  serverError: m.promocodes_server_error,
};

/** Codes by which the server refuses the code itself (rather than the player or the request). */
const CODE_REFUSALS = new Set(['NOT_FOUND', 'CONFLICT', 'VALIDATION', 'REFUSED']);

export interface RedeemFailure {
  text: string;
  /** The code entered was refused: shown under the field. */
  field: boolean;
}

/** What to show when a redemption failed: the server's error, or the spec's fallbacks. */
export function redeemFailure(err: unknown): RedeemFailure {
  if (!(err instanceof ApiError)) return { text: PROMO_MESSAGES.serverError(), field: false };
  // The human check's own sentences say what to do (tick it again, or wait for Cloudflare).
  if (err.code.startsWith('HUMAN_CHECK_')) return { text: errorMessage(err), field: false };
  if (err.status === 0 || err.status >= 500) return { text: PROMO_MESSAGES.serverError(), field: false };
  const field = CODE_REFUSALS.has(err.code);
  if (!err.message || err.message === FALLBACK_ERROR_MESSAGE)
    return { text: PROMO_MESSAGES.invalid(), field };
  if (currentLocale() === 'en') return { text: err.message, field };
  // The refusals of a code share one error code (CONFLICT for expired, used up and already redeemed);
  // the answer's reason tells them apart, in the errors table.
  if (bodyFields(err.body).reason) return { text: errorMessage(err), field };
  if (err.code === 'VALIDATION') return { text: PROMO_MESSAGES.empty(), field };
  if (err.code === 'REFUSED') return { text: PROMO_MESSAGES.invalid(), field };
  return { text: errorMessage(err), field };
}

interface RedeemInput {
  username: string;
  code: string;
  /** The human check's token header, when the site asks for one. */
  headers?: Record<string, string>;
}

export function useRedeemPromoCode() {
  return useMutation({
    mutationFn: async ({ headers, ...body }: RedeemInput) => {
      const result = await apiFetch<PromoRedeemResponse | { success: false; error?: string }>(
        '/api/promocode/redeem',
        { method: 'POST', body, headers },
      );
      if (!result || result.success !== true) {
        const error = result && 'error' in result && result.error ? result.error : PROMO_ERRORS.invalid;
        throw new ApiError(200, 'REFUSED', error);
      }
      return result;
    },
  });
}
