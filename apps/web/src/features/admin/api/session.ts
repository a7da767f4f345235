import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch, ApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { adminKeys, clearAdminData, markAdminSignedOut } from './client';

/** `GET /api/admin/session`: true with a live admin cookie, false on 401; other failures throw. */
async function fetchAdminSession(signal: AbortSignal): Promise<boolean> {
  try {
    await apiFetch<{ authenticated: true }>('/api/admin/session', { signal, token: null });
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return false;
    throw err;
  }
}

export function useAdminSession() {
  return useQuery({
    queryKey: adminKeys.session,
    queryFn: ({ signal }) => fetchAdminSession(signal),
    staleTime: 60_000,
  });
}

/**
 * What the sign-in form sends: no username is the ADMIN_PASSWORD bootstrap sign-in; `code` is the
 * staff member's two-factor code or one of their recovery codes, once the server asked for it.
 */
export interface AdminLoginInput {
  username?: string;
  password: string;
  code?: string;
}

/** The server's answer when the password was right and the account has two-factor sign-in on. */
export const TOTP_REQUIRED = 'TOTP_REQUIRED';

/** `POST /api/admin/login`: the server sets the httpOnly session cookie. */
export function useAdminLogin() {
  return useMutation({
    mutationFn: (input: AdminLoginInput) =>
      apiFetch<{ authenticated: true }>('/api/admin/login', {
        method: 'POST',
        body: input,
        token: null,
      }),
    onSuccess: () => {
      clearAdminData();
      queryClient.setQueryData(adminKeys.session, true);
    },
  });
}

/** `POST /api/admin/logout`: revokes the session on the server; the form comes back either way. */
export function useAdminLogout() {
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/admin/logout', { method: 'POST', token: null }),
    onSettled: () => {
      markAdminSignedOut();
      clearAdminData();
    },
  });
}
