import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { setPrerenderLocale, type Locale } from './lib/i18n';
import { setPrerenderSession } from './lib/session';

/**
 * The page at `path` in `locale`, before anything is read from the API: the HTML the build writes
 * into the page's file (vite.config.ts, prerender plugin). Runs in Node at build time. A public page
 * is rendered as a signed-out visitor sees it, and main.tsx hydrates it; a signed-in page
 * (`signedIn`) is rendered as its shell, for a player with no name or picture yet, which the browser
 * shows until the app renders the page afresh.
 */
export async function renderPage(path: string, locale: Locale, signedIn = false): Promise<string> {
  setPrerenderLocale(locale);
  setPrerenderSession(
    signedIn ? { username: '', robloxId: null, token: null, referralsMade: 0, referralsEarned: 0 } : null,
  );
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender${path}`));
  if (context instanceof Response) throw new Error(`prerender: ${path} answers ${context.status}`);
  if (context.errors) throw new Error(`prerender: ${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // No hydration data: the routes read nothing before they render (no loaders), and the script that
  // would carry it is inline, which the Content-Security-Policy refuses.
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
}
