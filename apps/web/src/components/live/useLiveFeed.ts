import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEarning, LiveRecentResponse, MeResponse } from '@rewards/contracts';
import { ApiError, apiFetch } from '@/lib/api-client';
import { meQueryKey } from '@/lib/balance';
import { useSession } from '@/lib/session';
import { keepLiveStreamOpen } from './stream';

/** Earnings the feed shows at most. */
export const LIVE_FEED_SIZE = 8;
/** How often the recent list is polled while the stream is down. */
export const LIVE_POLL_MS = 10_000;

/** Newest first, each earning once (a polled list and the stream overlap). */
export function mergeEarnings(shown: LiveEarning[], incoming: LiveEarning[]): LiveEarning[] {
  const byId = new Map(shown.map((e) => [e.id, e]));
  for (const e of incoming) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, LIVE_FEED_SIZE);
}

/**
 * The live feed's earnings, pushed by the server's stream, with the signed-in player's balance chip
 * updated from the same stream the moment their credit lands. The recent list gives the first paint;
 * when the stream fails it is reopened with back-off, and polled meanwhile (and for a minute after the
 * server answers that it is full). `off`: the feed is switched off on the server.
 */
export function useLiveFeed(): { earnings: LiveEarning[]; off: boolean } {
  const session = useSession();
  const token = session?.token ?? null;
  const username = session?.username ?? '';
  const queryClient = useQueryClient();
  const [earnings, setEarnings] = useState<LiveEarning[]>([]);
  const [off, setOff] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    let pollTimer: ReturnType<typeof setInterval> | undefined;
    const show = (incoming: LiveEarning[]) => setEarnings((shown) => mergeEarnings(shown, incoming));

    const poll = async () => {
      try {
        // Without the token: the list is public, and a stale session must not end the player's session here.
        show((await apiFetch<LiveRecentResponse>('/api/live/recent', { token: null, signal })).events);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) {
          setOff(true);
          abort.abort();
        }
      }
    };
    const startPolling = () => {
      pollTimer ??= setInterval(() => void poll(), LIVE_POLL_MS);
    };
    const stopPolling = () => {
      clearInterval(pollTimer);
      pollTimer = undefined;
    };

    const run = async () => {
      await poll();
      await keepLiveStreamOpen(
        token,
        {
          onOpen: stopPolling,
          onEarning: (earning) => show([earning]),
          onBalance: ({ robux }) => {
            queryClient.setQueryData<MeResponse>(meQueryKey(username), (me) => (me ? { ...me, robux } : me));
          },
          // 404: the feed is off. Otherwise the list is polled until the stream is back (after a 401,
          // a session the server no longer knows, it comes back as a visitor's: the balance poll signs out).
          onDown: (status) => {
            if (status === 404) {
              setOff(true);
              return 'stop';
            }
            startPolling();
            return 'retry';
          },
        },
        signal,
      );
    };
    void run();
    return () => {
      abort.abort();
      stopPolling();
    };
  }, [token, username, queryClient]);

  return { earnings, off };
}
