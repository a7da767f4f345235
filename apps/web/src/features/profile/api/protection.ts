import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSessionsResponse,
  LoginProofChallenge,
  ProtectionRequest,
  ProtectionResponse,
  RevokeSessionsResponse,
} from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';
import { playerQueryKey, usePlayerQuery } from '@/lib/player-query';
import { useSession } from '@/lib/session';

/** `POST /api/account/protection`: on, or off (with proof; PROOF_REQUIRED without). */
export function setProtection(body: ProtectionRequest): Promise<ProtectionResponse> {
  return apiFetch<ProtectionResponse>('/api/account/protection', { method: 'POST', body });
}

/** `POST /api/account/protection/proof`: a fresh sentence to prove ownership before turning it off. */
export function requestProtectionProof(): Promise<LoginProofChallenge> {
  return apiFetch<LoginProofChallenge>('/api/account/protection/proof', { method: 'POST' });
}

/** `GET /api/account/sessions`: the player's live sessions, newest first. */
export function useAccountSessions() {
  return usePlayerQuery<AccountSessionsResponse>('account-sessions', '/api/account/sessions');
}

/** Signs out every other session, or one by its id; the list loads again. */
export function useRevokeSessions() {
  const queryClient = useQueryClient();
  const username = useSession()?.username ?? '';
  return useMutation({
    mutationFn: (id: string | null) =>
      apiFetch<RevokeSessionsResponse>(
        id ? `/api/account/sessions/${encodeURIComponent(id)}/revoke` : '/api/account/sessions/revoke-others',
        { method: 'POST' },
      ),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: playerQueryKey('account-sessions', username) }),
  });
}
