import { useInfiniteQuery } from '@tanstack/react-query';
import { TRANSACTIONS_PAGE_SIZE, type TransactionsResponse } from '@rewards/contracts';
import { BALANCE_POLL_MS } from '@/config/site';
import { apiFetch } from '@/lib/api-client';
import { useRefetchOnBalanceUpdate } from '@/lib/balance';
import { useSession } from '@/lib/session';

export const transactionsQueryKey = (username: string) => ['transactions', username.toLowerCase()] as const;

function fetchPage(cursor: string | null, signal: AbortSignal): Promise<TransactionsResponse> {
  const params = new URLSearchParams({ limit: String(TRANSACTIONS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<TransactionsResponse>(`/api/transactions?${params.toString()}`, { signal });
}

/**
 * The signed-in player's own history from the server's ledger (`GET /api/transactions`), newest
 * first, one page of 25 at a time. Refreshed with the balance (every 15 s while only the first pages
 * are loaded, and whenever `balanceUpdated` fires), so a new credit shows up without a reload.
 */
export function useTransactions() {
  const session = useSession();
  const username = session?.username ?? '';
  const query = useInfiniteQuery({
    queryKey: transactionsQueryKey(username),
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(session?.token),
    refetchInterval: (q) => ((q.state.data?.pages.length ?? 1) <= 2 ? BALANCE_POLL_MS : false),
  });
  useRefetchOnBalanceUpdate(query.refetch, Boolean(username));
  return query;
}
