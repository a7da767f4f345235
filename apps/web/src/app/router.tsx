import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PublicLayout } from './layout/PublicLayout';
import { RootLayout } from './layout/RootLayout';
import { RedirectIfSignedIn, RequireSession } from './routes/guards';
import { HydrateFallback } from './routes/HydrateFallback';
import { NotFoundPage } from './routes/NotFoundPage';
import { pages } from './routes/pages';
import { RouteErrorPage } from './routes/RouteErrorPage';

/**
 * Spec §2. Matching ignores case (React Router's default), so /Daily and /daily, /Withdraw and /withdraw
 * etc. reach the same page; links use the lower-case paths.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <HydrateFallback />,
    children: [
      { index: true, element: <Navigate to="/index" replace /> },
      {
        element: <PublicLayout />,
        children: [
          {
            path: 'index',
            element: <RedirectIfSignedIn />,
            children: [{ index: true, lazy: pages.landing }],
          },
          { path: 'login', lazy: pages.login },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            // The signed-in shell (sidebar, navigation) is its own chunk, like the pages.
            lazy: async () => ({ Component: (await import('./layout/AppLayout')).AppLayout }),
            children: [
              { path: 'earn', lazy: pages.earn },
              { path: 'admin', lazy: pages.admin },
              { path: 'cpx', lazy: pages.cpx },
              { path: 'withdraw', lazy: pages.withdraw },
              { path: 'affiliates', lazy: pages.affiliates },
              { path: 'leaderboard', lazy: pages.leaderboard },
              { path: 'transactions', lazy: pages.transactions },
              { path: 'giveaways', lazy: pages.giveaways },
              { path: 'daily', lazy: pages.daily },
              { path: 'promocodes', lazy: pages.promocodes },
              { path: 'videos', lazy: pages.videos },
              { path: 'profile', lazy: pages.profile },
              { path: 'help', lazy: pages.help },
              { path: 'terms', lazy: pages.terms },
              { path: 'privacy-policy', lazy: pages.privacy },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
