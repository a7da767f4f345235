import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@rewards/contracts';
import { BALANCE_POLL_MS } from '@/config/site';
import { apiFetch } from './api-client';
import { useSession } from './session';

/** Window event that asks every balance display to refetch at once (spec §7). */
export const BALANCE_UPDATED_EVENT = 'balanceUpdated';

export function notifyBalanceUpdated(): void {
  window.dispatchEvent(new Event(BALANCE_UPDATED_EVENT));
}

/** Calls `refetch` whenever `balanceUpdated` fires, while `enabled` (e.g. while someone is signed in). */
export function useRefetchOnBalanceUpdate(refetch: () => unknown, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const onUpdate = () => void refetch();
    window.addEventListener(BALANCE_UPDATED_EVENT, onUpdate);
    return () => window.removeEventListener(BALANCE_UPDATED_EVENT, onUpdate);
  }, [enabled, refetch]);
}

export const meQueryKey = (username: string) => ['me', username.toLowerCase()] as const;

async function fetchMe(username: string, signal: AbortSignal): Promise<MeResponse> {
  try {
    return await apiFetch<MeResponse>(`/api/user/${encodeURIComponent(username)}`, { signal });
  } catch (err) {
    if (!(err instanceof DOMException && err.name === 'AbortError'))
      console.error('Balance fetch failed:', err);
    throw err;
  }
}

/**
 * The signed-in player's own account (`GET /api/user/{username}`), shared by every component that shows it.
 * Polled every 15 s and refetched when `balanceUpdated` fires.
 */
export function useMe() {
  const session = useSession();
  const username = session?.username ?? '';
  const query = useQuery({
    queryKey: meQueryKey(username),
    queryFn: ({ signal }) => fetchMe(username, signal),
    enabled: Boolean(session?.token),
    refetchInterval: BALANCE_POLL_MS,
  });
  useRefetchOnBalanceUpdate(query.refetch, Boolean(username));
  return query;
}

/**
 * The balance in R$: null until the first answer, then the number; 0 when the call failed or the answer
 * carried no number (spec §8).
 */
export function useBalance(): { balance: number | null; isLoading: boolean; isError: boolean } {
  const session = useSession();
  const { data, isError, isPending } = useMe();
  if (!session?.token) return { balance: session ? 0 : null, isLoading: false, isError: false };
  if (isError)
    return { balance: data && typeof data.robux === 'number' ? data.robux : 0, isLoading: false, isError };
  if (isPending) return { balance: null, isLoading: true, isError: false };
  return { balance: typeof data?.robux === 'number' ? data.robux : 0, isLoading: false, isError: false };
}
