import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutOptionsResponse, PendingResponse, WithdrawalMethod } from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';
import { playerQueryKey, usePlayerQuery } from '@/lib/player-query';
import { useSession } from '@/lib/session';

/** The server caches eligibility for a minute; asking more often would show nothing new. */
const ELIGIBILITY_STALE_MS = 60_000;

const PAYOUT_OPTIONS = 'payout-options';

/** The withdrawal methods on offer and, with group payouts on, where the player stands (`GET /api/payout-options`). */
export function usePayoutOptions() {
  return usePlayerQuery<PayoutOptionsResponse>(PAYOUT_OPTIONS, '/api/payout-options', {
    staleTime: ELIGIBILITY_STALE_MS,
  });
}

/**
 * "Check again" (`POST /api/payout-options/check`): the same answer as `usePayoutOptions`, with the
 * group asked of Roblox now; it replaces the cached answer, so the form follows at once.
 */
export function useCheckPayoutOptions() {
  const queryClient = useQueryClient();
  const username = useSession()?.username ?? '';
  return useMutation({
    mutationFn: () => apiFetch<PayoutOptionsResponse>('/api/payout-options/check', { method: 'POST' }),
    onSuccess: (options) => queryClient.setQueryData(playerQueryKey(PAYOUT_OPTIONS, username), options),
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
