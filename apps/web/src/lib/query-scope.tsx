import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * The one query client, for the parts of the app that use TanStack Query. It is provided by the
 * chunks that need it (the routes after the landing page, the live feed), not by the app's root:
 * the landing page reads its data without it, and TanStack Query's core (~7 KB gzip) then stays off
 * the landing page's first load. Scopes nest freely; they all hold the same client and cache.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
