import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';

/** `POST /api/auth/roblox/finish`: the one-time code Roblox's round trip ended with, for the session. */
export function useFinishRobloxSignIn() {
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<LoginResponse>('/api/auth/roblox/finish', { method: 'POST', body: { code }, token: null }),
  });
}
