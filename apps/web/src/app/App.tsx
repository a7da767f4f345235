import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { onSessionExpired } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);

  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.clear();
        toast.info('Your session has ended', { description: 'Please sign in again.' });
      }),
    [],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster theme="dark" position="top-center" richColors closeButton />
    </QueryClientProvider>
  );
}
