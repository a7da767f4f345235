import { useMutation, useQuery } from '@tanstack/react-query';
import type { StreakClaimResponse, StreakRewardsResponse } from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export const streakQueryKey = (username: string) => ['streak-rewards', username.toLowerCase()] as const;

/** The signed-in player's seven day cards (`GET /api/streak-rewards/{username}`). */
export function useStreakRewards() {
  const session = useSession();
  const username = session?.username ?? '';
  return useQuery({
    queryKey: streakQueryKey(username),
    queryFn: ({ signal }) =>
      apiFetch<StreakRewardsResponse>(`/api/streak-rewards/${encodeURIComponent(username)}`, { signal }),
    enabled: Boolean(username && session?.token),
  });
}

/**
 * Claims today's day. The server decides which day and how much; the username only follows the spec.
 * `headers` carries the human check's token when the site asks for one.
 */
export function useClaimStreak() {
  return useMutation({
    mutationFn: ({ username, headers }: { username: string; headers?: Record<string, string> }) =>
      apiFetch<StreakClaimResponse>('/api/streak-rewards/claim', {
        method: 'POST',
        body: { username },
        headers,
      }),
  });
}
