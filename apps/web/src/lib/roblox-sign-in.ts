import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RobloxSignInConfigResponse } from '@rewards/contracts';
import { apiFetch } from './api-client';

const CONFIG_KEY = ['roblox-sign-in-config'];

/**
 * `GET /api/auth/roblox/config`: whether Sign in with Roblox is on (the button shows), read once per
 * app. Through the query client but without a query observer: an observer here rode along into the
 * landing page's shared chunk (e2e/web-speed.test.ts), which shows no button.
 */
export function useRobloxSignInConfig(): { enabled: boolean } {
  const client = useQueryClient();
  const cached = client.getQueryData<RobloxSignInConfigResponse>(CONFIG_KEY);
  const [enabled, setEnabled] = useState(cached?.enabled ?? false);
  useEffect(() => {
    let live = true;
    client
      .fetchQuery({
        queryKey: CONFIG_KEY,
        queryFn: ({ signal }) =>
          apiFetch<RobloxSignInConfigResponse>('/api/auth/roblox/config', { signal, token: null }),
        staleTime: Infinity,
        gcTime: Infinity,
        retry: false,
      })
      .then(
        (config) => live && setEnabled(config.enabled),
        () => undefined, // no answer: no button
      );
    return () => {
      live = false;
    };
  }, [client]);
  return { enabled };
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
