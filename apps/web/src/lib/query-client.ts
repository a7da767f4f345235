import { QueryClient } from '@tanstack/react-query';
import { ApiError, onSessionExpired } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      refetchOnWindowFocus: true,
      // Client errors (4xx) will not fix themselves; network and server errors get one more try.
      retry: (failureCount, err) =>
        !(err instanceof ApiError && err.status >= 400 && err.status < 500) && failureCount < 1,
    },
  },
});

// What was cached belongs to the session that just ended.
onSessionExpired(() => queryClient.clear());
