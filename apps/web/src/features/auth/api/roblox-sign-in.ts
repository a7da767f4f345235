import { useMutation, useQuery } from '@tanstack/react-query';
import type { LoginResponse, RobloxSignInConfigResponse } from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/auth/roblox/config`: whether Sign in with Roblox is on (the button shows). Read once. */
export function useRobloxSignInConfig() {
  return useQuery({
    queryKey: ['roblox-sign-in-config'],
    queryFn: ({ signal }) =>
      apiFetch<RobloxSignInConfigResponse>('/api/auth/roblox/config', { signal, token: null }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/** Where the button sends the browser: the server, which sends it on to Roblox. */
export function robloxSignInStartUrl(ref: string | undefined): string {
  return `/api/auth/roblox/start${ref ? `?${new URLSearchParams({ ref })}` : ''}`;
}

/** `POST /api/auth/roblox/finish`: the one-time code Roblox's round trip ended with, for the session. */
export function useFinishRobloxSignIn() {
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<LoginResponse>('/api/auth/roblox/finish', { method: 'POST', body: { code }, token: null }),
  });
}
