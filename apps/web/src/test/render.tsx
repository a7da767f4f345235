import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { STORAGE_KEYS } from '@/lib/session';

/** A signed-in player, as the browser stores one after signing in. */
export function signIn({ username = 'AliceRBX', robloxId = 1001 as number | null, token = 'token-1' } = {}) {
  window.localStorage.setItem(STORAGE_KEYS.username, username);
  if (robloxId !== null) window.localStorage.setItem(STORAGE_KEYS.robloxId, String(robloxId));
  window.localStorage.setItem(STORAGE_KEYS.token, token);
}

/** Renders `ui` as the app would at `path` (with its query, if any): a router, its own query cache (no retries) and the toaster. */
export function renderPage(ui: ReactNode, path = '/') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0], element: ui }, // `path` may carry a query (`/login?ref=…`)
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}
