import type { Deps } from '../../deps.ts';
import { findInviterName } from './repository.ts';

/** How long a looked-up name (or its absence) is reused: a ban shows in previews within this time. */
export const INVITER_CACHE_MS = 60_000;
/** Names kept at once; past it the oldest goes, so made-up names in links cannot grow the memory. */
const MAX_CACHED = 1_000;

/** Roblox's rule for user names: 3 to 20 letters, digits and underscores. */
const ROBLOX_NAME = /^[A-Za-z0-9_]{3,20}$/;

/**
 * Who a referral link `/login?ref=<name>` names in its preview: the player's stored name when the
 * account exists and is neither banned nor deleted, else null. Anyone can put anything in a link and
 * crawlers fetch previews unprompted, so a name outside Roblox's rules is refused without a query, and
 * answers are cached briefly (one lookup per name at a time).
 */
export function inviterNames(deps: Pick<Deps, 'db' | 'clock'>): (ref: string) => Promise<string | null> {
  const cache = new Map<string, { until: number; name: Promise<string | null> }>();
  return (ref) => {
    if (!ROBLOX_NAME.test(ref)) return Promise.resolve(null);
    const key = ref.toLowerCase();
    const now = deps.clock.now().getTime();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.name;
    cache.delete(key);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    const name = findInviterName(deps.db, key).then((found) => found ?? null);
    cache.set(key, { until: now + INVITER_CACHE_MS, name });
    // A failed lookup is not remembered; the page then shows the generic preview.
    name.catch(() => {
      if (cache.get(key)?.name === name) cache.delete(key);
    });
    return name;
  };
}
