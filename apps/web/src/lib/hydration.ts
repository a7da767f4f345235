import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React renders a page the build prerenders (src/prerender.tsx) and while it hydrates
 * that page's HTML, true otherwise (from the first render of a page rendered in the browser). What
 * only the browser renders (a lazily loaded part, the toaster) waits for it, so hydration finds the
 * HTML the build wrote; React renders again with `true` right after hydrating.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
