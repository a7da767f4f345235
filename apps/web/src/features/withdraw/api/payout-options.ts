import type { PayoutOptionsResponse, PendingResponse, WithdrawalMethod } from '@rewards/contracts';
import { usePlayerQuery } from '@/lib/player-query';

/** The server caches eligibility for a minute; asking more often would show nothing new. */
const ELIGIBILITY_STALE_MS = 60_000;

/** The withdrawal methods on offer and, with group payouts on, where the player stands (`GET /api/payout-options`). */
export function usePayoutOptions() {
  return usePlayerQuery<PayoutOptionsResponse>('payout-options', '/api/payout-options', {
    staleTime: ELIGIBILITY_STALE_MS,
  });
}

/**
 * The methods to offer: the server's list, or gamepass alone until it answers (the method every
 * operator had before group payouts; the server refuses a method it does not offer anyway).
 */
export function offeredMethods(
  options: PayoutOptionsResponse | undefined,
): readonly [WithdrawalMethod, ...WithdrawalMethod[]] {
  const [first, ...rest] = options?.methods ?? [];
  return first ? [first, ...rest] : ['gamepass'];
}

/** Offer and survey credits still on hold (`GET /api/offers/pending`): not in the balance yet. */
export function usePendingRobux() {
  return usePlayerQuery<PendingResponse>('offers-pending', '/api/offers/pending', { followBalance: true });
}
