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

// The browser may run idle work later than this only when it is busy the whole time; past it the
// parts render anyway. Browsers without `requestIdleCallback` (Safari) wait a short while instead.
const IDLE_TIMEOUT_MS = 3000;
const NO_IDLE_CALLBACK_DELAY_MS = 200;

let idle = false;
let scheduled = false;
const idleListeners = new Set<() => void>();

function subscribeToIdle(listener: () => void): () => void {
  idleListeners.add(listener);
  if (!idle && !scheduled) {
    scheduled = true;
    const becomeIdle = () => {
      idle = true;
      for (const notify of idleListeners) notify();
    };
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(becomeIdle, { timeout: IDLE_TIMEOUT_MS });
    } else {
      window.setTimeout(becomeIdle, NO_IDLE_CALLBACK_DELAY_MS);
    }
  }
  return () => idleListeners.delete(listener);
}

/**
 * False until the browser has first been idle since the page started, true from then on for every
 * component. Parts nobody needs in the first second (the toaster, the live feed) wait for it, so
 * their code and first render do not lengthen the tasks that paint the page and answer the first
 * tap; like `useHydrated`, it is false while a prerendered page hydrates.
 */
export function useIdle(): boolean {
  return useSyncExternalStore(
    subscribeToIdle,
    () => idle,
    () => false,
  );
}
