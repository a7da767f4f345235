import { useQuery } from '@tanstack/react-query';
import type { LeaderboardEntry } from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';

export const leaderboardQueryKey = ['leaderboard'] as const;

function isEntry(value: unknown): value is LeaderboardEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.username === 'string' && typeof v.robuxEarned === 'number' && Number.isFinite(v.robuxEarned)
  );
}

/**
 * `GET /api/leaderboard` (public). A failed fetch, or an answer that is not a list, reads as an
 * empty list (spec §8): the page then shows its empty state.
 */
export async function fetchLeaderboard(signal?: AbortSignal): Promise<LeaderboardEntry[]> {
  try {
    const data = await apiFetch<unknown>('/api/leaderboard', { signal, token: null });
    return Array.isArray(data) ? data.filter(isEntry) : [];
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    console.error('Leaderboard fetch failed:', err);
    return [];
  }
}

export function useLeaderboard() {
  return useQuery({
    queryKey: leaderboardQueryKey,
    queryFn: ({ signal }) => fetchLeaderboard(signal),
    // The server reuses one answer for a few seconds; asking more often gains nothing.
    staleTime: 10_000,
  });
}
