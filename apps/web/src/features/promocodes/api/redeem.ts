import { useMutation } from '@tanstack/react-query';
import type { PromoRedeemResponse } from '@rewards/contracts';
import { apiFetch, ApiError, FALLBACK_ERROR_MESSAGE } from '@/lib/api-client';

/** The spec's messages (§5, §8). */
export const PROMO_MESSAGES = {
  signedOut: '❌ You must be logged in to redeem a code.',
  empty: '❌ Please enter a promo code.',
  success: (amount: number) => `🎉 Promo code applied! You received ${amount} Robux.`,
  invalid: 'Invalid promo code.',
  serverError: '❌ Server error. Please try again later.',
} as const;

/** What to show when a redemption failed: the server's error, or the spec's fallbacks. */
export function redeemFailureMessage(err: unknown): string {
  if (err instanceof ApiError) {
    // The human check's own sentences say what to do (tick it again, or wait for Cloudflare).
    if (err.code.startsWith('HUMAN_CHECK_')) return err.message;
    if (err.status === 0 || err.status >= 500) return PROMO_MESSAGES.serverError;
    return err.message && err.message !== FALLBACK_ERROR_MESSAGE ? err.message : PROMO_MESSAGES.invalid;
  }
  return PROMO_MESSAGES.serverError;
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
        const error = result && 'error' in result && result.error ? result.error : PROMO_MESSAGES.invalid;
        throw new ApiError(200, 'REFUSED', error);
      }
      return result;
    },
  });
}
