import type { LiveEarning, LiveRecentResponse } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import { publicEarning } from './events.ts';
import { recentFeedEntries } from './repository.ts';

/** Earnings the recent list holds (the landing page's first paint, and the clients that poll). */
export const RECENT_SIZE = 20;
/** How long one recent list is reused: many polling clients cost one query a second per process. */
export const RECENT_TTL_MS = 1000;

/** The newest public earnings, read at most once per RECENT_TTL_MS and shared by concurrent callers. */
export function createRecentEarnings(deps: Deps) {
  const cache = new TtlCache<'recent', Promise<LiveRecentResponse>>({
    ttlMs: RECENT_TTL_MS,
    now: () => deps.clock.now().getTime(),
  });
  return (): Promise<LiveRecentResponse> => {
    const hit = cache.get('recent');
    if (hit) return hit;
    const loading = recentFeedEntries(deps.db, RECENT_SIZE).then((rows) => ({
      events: rows.map(publicEarning).filter((e): e is LiveEarning => e !== null),
    }));
    cache.set('recent', loading);
    // A failed read is not kept: the next caller tries again.
    loading.catch(() => cache.clear());
    return loading;
  };
}
