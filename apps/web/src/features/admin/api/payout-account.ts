import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutAccountResponse, ReplacePayoutCookieRequest } from '@rewards/contracts';
import { adminFetch, adminKeys } from './client';

/** Under `['admin', 'withdrawals', …]`: a decision on the queue changes the queue's figures here too. */
export const payoutAccountKey = [...adminKeys.withdrawals, 'payout-account'] as const;

/** The worker may stop payouts at any moment; the console notices within half a minute. */
const REFRESH_MS = 30_000;
const PATH = '/api/admin/payout-account';

/**
 * `GET /api/admin/payout-account`: the payout account's health, Robux, the group's funds and the
 * queue. Read by the banner on every console page and by the Withdrawals section's panel (one cache).
 */
export function usePayoutAccount() {
  return useQuery({
    queryKey: payoutAccountKey,
    queryFn: ({ signal }) => adminFetch<PayoutAccountResponse>(PATH, { signal }),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
}

/**
 * A change to the payout account. The server answers the new overview: it replaces the cached one at
 * once (the banner goes or stays without another read), and the queue and the audit log reload.
 */
function usePayoutAccountChange<Input>(call: (input: Input) => Promise<PayoutAccountResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      client.setQueryData(payoutAccountKey, answer);
      for (const queryKey of [adminKeys.withdrawals, adminKeys.overview, adminKeys.audit]) {
        void client.invalidateQueries({ queryKey, predicate: (q) => q.queryKey[2] !== 'payout-account' });
      }
    },
  });
}

/** `POST …/cookie`: a new `.ROBLOSECURITY` value, stored once Roblox accepts it; never sent back. */
export function useReplacePayoutCookie() {
  return usePayoutAccountChange((body: ReplacePayoutCookieRequest) =>
    adminFetch<PayoutAccountResponse>(`${PATH}/cookie`, { method: 'POST', body }),
  );
}

/** `POST …/resume`: payouts run again once Roblox accepts the cookie in use. */
export function useResumePayouts() {
  return usePayoutAccountChange(() =>
    adminFetch<PayoutAccountResponse>(`${PATH}/resume`, { method: 'POST' }),
  );
}
