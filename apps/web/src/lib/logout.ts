import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiFetch } from './api-client';
import { queryClient } from './query-client';
import { clearSession, getToken } from './session';
import { paths } from '@/config/paths';

/** Ends the session: revokes the token on the server (failures ignored) and forgets every stored item. */
export function logout(): void {
  const token = getToken();
  clearSession();
  queryClient.clear();
  if (token) {
    apiFetch<void>('/api/logout', { method: 'POST', token }).catch(() => {
      // The local session is gone either way; an unreachable server must not block logging out.
    });
  }
}

/** Logs out and goes to /login. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    logout();
    void navigate(paths.login, { replace: true });
  }, [navigate]);
}
