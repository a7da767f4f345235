import type { RobloxSignInConfigResponse } from '@rewards/contracts';
import { usePublicResource } from './public-resource';

/**
 * `GET /api/auth/roblox/config`: whether Sign in with Roblox is on (the button shows), read once per
 * page load. A public resource rather than a query of the query client: the button's module shares a
 * chunk with parts of the landing page, which loads no TanStack Query (e2e/web-speed.test.ts).
 */
export function useRobloxSignInConfig(): { enabled: boolean } {
  const { data } = usePublicResource<RobloxSignInConfigResponse>('/api/auth/roblox/config');
  return { enabled: data?.enabled ?? false };
}

/** Where the button sends the browser: the server, which sends it on to Roblox. */
export function robloxSignInStartUrl(ref: string | undefined): string {
  return `/api/auth/roblox/start${ref ? `?${new URLSearchParams({ ref })}` : ''}`;
}

const RETURN_KEY = 'rbx-after-sign-in';

/**
 * The page to come back to after Roblox's round trip (a profile that asked for proof), kept for this
 * tab only; only paths of this site.
 */
export function rememberReturnPath(path: string | undefined): void {
  try {
    if (path && path.startsWith('/') && !path.startsWith('//')) sessionStorage.setItem(RETURN_KEY, path);
    else sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Without storage the sign-in ends on the home page.
  }
}

/** The page to go to after a sign-in (and forgets it): the one remembered, else the home page. */
export function takeReturnPath(): string {
  try {
    const path = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    if (path && path.startsWith('/') && !path.startsWith('//')) return path;
  } catch {
    // fall through
  }
  return '/';
}
