import { useQuery } from '@tanstack/react-query';
import type { CurrentRaceResponse } from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** The caller's own place depends on who asks, so the key carries the player (or "visitor"). */
export const raceQueryKey = (username: string | null) =>
  ['race', username ? username.toLowerCase() : 'visitor'] as const;

/** How often the standings are asked again (the server counts them at most every 30 s). */
export const RACE_POLL_MS = 15_000;

/** `GET /api/races/current`: the running race, its standings and the caller's own place, polled. */
export function useCurrentRace() {
  const session = useSession();
  const username = session?.token ? session.username : null;
  return useQuery({
    queryKey: raceQueryKey(username),
    queryFn: ({ signal }) => apiFetch<CurrentRaceResponse>('/api/races/current', { signal }),
    refetchInterval: RACE_POLL_MS,
  });
}
