import { useMutation } from '@tanstack/react-query';
import type { StreakClaimResponse, StreakRewardsResponse } from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';
import { playerQueryKey, usePlayerQuery } from '@/lib/player-query';

export const streakQueryKey = (username: string) => playerQueryKey('streak-rewards', username);

/** The signed-in player's seven day cards (`GET /api/streak-rewards/{username}`). */
export function useStreakRewards() {
  return usePlayerQuery<StreakRewardsResponse>(
    'streak-rewards',
    (username) => `/api/streak-rewards/${encodeURIComponent(username)}`,
  );
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
