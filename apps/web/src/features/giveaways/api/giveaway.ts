import { useMutation, useQuery } from '@tanstack/react-query';
import type { GiveawayPickResponse, GiveawayResponse } from '@rewards/contracts';
import { apiFetch, ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** `entered` depends on who asks, so the key carries the player (or "visitor"). */
export const giveawayQueryKey = (username: string | null) =>
  ['giveaway', username ? username.toLowerCase() : 'visitor'] as const;

/** The current giveaway, or null when there is none (404). Refreshed every 30 s for the entry count. */
export function useGiveaway() {
  const session = useSession();
  const username = session?.token ? session.username : null;
  return useQuery({
    queryKey: giveawayQueryKey(username),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<GiveawayResponse>('/api/giveaway', { signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    refetchInterval: 30_000,
  });
}

export function useEnterGiveaway() {
  return useMutation({
    mutationFn: (username: string) =>
      apiFetch<GiveawayResponse>('/api/giveaway/enter', { method: 'POST', body: { username } }),
  });
}

export function pickWinner(): Promise<GiveawayPickResponse> {
  return apiFetch<GiveawayPickResponse>('/api/giveaway/pick', { method: 'POST', token: null });
}
