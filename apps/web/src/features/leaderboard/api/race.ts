import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentRaceResponse } from '@rewards/contracts';
import { keepStreamOpen } from '@/components/live/stream';
import { apiFetch } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** The caller's own place depends on who asks, so the key carries the player (or "visitor"). */
export const raceQueryKey = (username: string | null) =>
  ['race', username ? username.toLowerCase() : 'visitor'] as const;

/** How often the standings are asked again while their stream is not open. */
export const RACE_POLL_MS = 15_000;
/** The stream's event (RACE_STREAM_EVENTS of the contracts, spelled out to keep their schemas out). */
const RACE_EVENT = 'race';

/**
 * Keeps the race query's data current from `GET /api/races/stream` (the live feed's way: fetch, with
 * the session in a header), reopened with back-off when it fails. Returns whether it is open: the
 * query polls only while it is not.
 */
function useRaceStream(token: string | null, username: string | null): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    void keepStreamOpen(
      '/api/races/stream',
      token,
      {
        onOpen: () => setOpen(true),
        onEvent: (event, data) => {
          if (event === RACE_EVENT) {
            queryClient.setQueryData(raceQueryKey(username), data as CurrentRaceResponse);
          }
        },
        // A session the server no longer knows (401): the poll finds out and signs out; no stream till then.
        onDown: (status) => {
          setOpen(false);
          return status === 401 ? 'stop' : 'retry';
        },
      },
      signal,
    );
    return () => abort.abort();
  }, [token, username, queryClient]);
  return open;
}

/**
 * `GET /api/races/current` for the first paint: the running race, its standings and the caller's own
 * place; then kept current by the standings' stream, and polled only while that is not open.
 */
export function useCurrentRace() {
  const session = useSession();
  const token = session?.token ?? null;
  const username = token ? (session?.username ?? null) : null;
  const live = useRaceStream(token, username);
  return useQuery({
    queryKey: raceQueryKey(username),
    queryFn: ({ signal }) => apiFetch<CurrentRaceResponse>('/api/races/current', { signal }),
    refetchInterval: live ? false : RACE_POLL_MS,
  });
}
