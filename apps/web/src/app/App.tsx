import { lazy, Suspense, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { onSessionExpired } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { createAppRouter } from './router';

// The toaster loads after the first render, off the landing page's critical path; toasts raised
// before it mounts are shown when it subscribes (sonner replays active toasts).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function App() {
  const [router] = useState(createAppRouter);

  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.clear();
        void import('sonner').then(({ toast }) =>
          toast.info('Your session has ended', { description: 'Please sign in again.' }),
        );
      }),
    [],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster theme="dark" position="top-center" richColors closeButton />
      </Suspense>
    </QueryClientProvider>
  );
}
