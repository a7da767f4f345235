import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PayoutAccountResponse, ReplacePayoutCookieRequest } from '@rewards/contracts';
import { adminFetch, adminKeys } from './client';

/** Under `['admin', 'withdrawals', …]`: a decision on the queue changes the queue's figures here too. */
export const payoutAccountKey = [...adminKeys.withdrawals, 'payout-account'] as const;

/** The worker may stop payouts at any moment; the console notices within half a minute. */
const REFRESH_MS = 30_000;
/** While the worker pays the queue, often enough to watch it shrink (the server reads Roblox once a minute). */
const PAYING_REFRESH_MS = 5_000;
const PATH = '/api/admin/payout-account';

/**
 * `GET /api/admin/payout-account`: the payout account's health, Robux, the group's funds and the
 * queue. Read by the banner on every console page and by the Withdrawals section's panel (one cache).
 */
export function usePayoutAccount() {
  return useQuery({
    queryKey: payoutAccountKey,
    queryFn: ({ signal }) => adminFetch<PayoutAccountResponse>(PATH, { signal }),
    refetchInterval: (query) => {
      const data = query.state.data;
      const paying = data?.mode === 'roblox' && data.status === 'ok' && data.queue.count > 0;
      return paying ? PAYING_REFRESH_MS : REFRESH_MS;
    },
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
      reloadQueue(client);
      void client.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}

/** The queue and the totals load again; the payout account's own answer is left as it is. */
function reloadQueue(client: QueryClient) {
  for (const queryKey of [adminKeys.withdrawals, adminKeys.overview]) {
    void client.invalidateQueries({ queryKey, predicate: (q) => q.queryKey[2] !== 'payout-account' });
  }
}

/**
 * The worker pays behind the console's back: when the overview shows the queue or the day's payouts
 * changed, the queue shown beside it loads again.
 */
export function useQueueFollowsPayouts(account: PayoutAccountResponse | undefined) {
  const client = useQueryClient();
  const seen = account ? `${account.queue.count}/${account.paidLast24h.count}` : null;
  const last = useRef(seen);
  useEffect(() => {
    if (seen === null || seen === last.current) return;
    const first = last.current === null;
    last.current = seen;
    if (!first) reloadQueue(client);
  }, [seen, client]);
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
