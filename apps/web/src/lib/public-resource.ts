import { useSyncExternalStore } from 'react';
import { apiFetch } from '@/lib/api-client';

/**
 * A public resource of the API read once per page load and shared by every component that shows it
 * (`/api/config`: the operator in the footer; `/api/landing`: the landing page's cards). A failed
 * read is tried again by the next component that mounts.
 *
 * Not TanStack Query, which every signed-in page uses: its query observer is 2.3 KB gzip that the
 * landing page, which needs nothing else of it, would load first. Measured 2026-11-27 with the
 * bench's landing-page weight: 134.7 KB with useQuery in the footer and the cards, 132.4 KB without.
 */
export interface PublicResource<T> {
  data?: T;
  isError: boolean;
}

interface Entry {
  state: PublicResource<unknown>;
  /** A read is under way or has succeeded: a component that mounts now reads nothing. */
  reading: boolean;
  listeners: Set<() => void>;
  /** One function per resource, so React subscribes once per mounted component, not per render. */
  subscribe: (listener: () => void) => () => void;
}

const entries = new Map<string, Entry>();

function read(path: string, entry: Entry) {
  entry.reading = true;
  apiFetch<unknown>(path, { token: null })
    .then(
      (data) => {
        entry.state = { data, isError: false };
      },
      () => {
        entry.state = { isError: true };
        entry.reading = false;
      },
    )
    .finally(() => {
      for (const listener of entry.listeners) listener();
    });
}

function entryOf(path: string): Entry {
  let entry = entries.get(path);
  if (!entry) {
    const created: Entry = {
      state: { isError: false },
      reading: false,
      listeners: new Set(),
      subscribe: (listener) => {
        created.listeners.add(listener);
        if (!created.reading) read(path, created);
        return () => created.listeners.delete(listener);
      },
    };
    entries.set(path, created);
    entry = created;
  }
  return entry;
}

export function usePublicResource<T>(path: string): PublicResource<T> {
  const entry = entryOf(path);
  const state = () => entry.state as PublicResource<T>;
  // The build's prerender and the hydration of its pages both render before anything is read.
  return useSyncExternalStore(entry.subscribe, state, state);
}

/** Forgets what was read (tests: each starts with nothing read, as a new page load does). */
export function forgetPublicResources(): void {
  entries.clear();
}
