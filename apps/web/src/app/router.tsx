import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { HOME, pageRoutes, segmentOf, type PageName } from '@/config/paths';
import { PublicLayout } from './layout/PublicLayout';
import { RootLayout } from './layout/RootLayout';
import { RedirectIfSignedIn, RequireSession, ShellForSession } from './routes/guards';
import { HydrateFallback } from './routes/HydrateFallback';
import { NotFoundPage } from './routes/NotFoundPage';
import { pages } from './routes/pages';
import { RouteErrorPage } from './routes/RouteErrorPage';

/** The pages of config/paths.ts for this kind of session (`true`, `'optional'`), in its order. */
const pagesFor = (session: true | 'optional') =>
  (Object.keys(pageRoutes) as PageName[])
    .filter((name) => pageRoutes[name].session === session)
    .map((name) => ({ path: segmentOf(name), lazy: pages[name] }));

/** Every route below it in the query client's scope (a chunk of its own, after the landing page's). */
const withQueries = async () => ({ Component: (await import('./layout/WithQueries')).WithQueries });

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
      { index: true, element: <Navigate to={HOME} replace /> },
      {
        element: <PublicLayout />,
        children: [
          {
            path: segmentOf('landing'),
            element: <RedirectIfSignedIn />,
            children: [{ index: true, lazy: pages.landing }],
          },
          { lazy: withQueries, children: [{ path: segmentOf('login'), lazy: pages.login }] },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        lazy: withQueries,
        children: [
          {
            element: <RequireSession />,
            children: [
              {
                // The signed-in shell (sidebar, navigation) is its own chunk, like the pages.
                lazy: async () => ({ Component: (await import('./layout/AppLayout')).AppLayout }),
                children: pagesFor(true),
              },
            ],
          },
          // Help, Terms and Privacy: for visitors in the public shell, for a player in the signed-in one.
          { element: <ShellForSession />, children: pagesFor('optional') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the lazy routes that match `pathname` (the page's chunks, mostly preloaded by its HTML) and
 * makes them ordinary routes, so the router's first render is the page itself: a page prerendered
 * by the build hydrates without passing through the loading fallback, and another page renders once
 * instead of twice. Call it before `createAppRouter`.
 */
export async function loadRoutesFor(pathname: string): Promise<void> {
  const lazyMatches = (matchRoutes(routes, pathname) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}
