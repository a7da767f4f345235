import type {
  AccountDeletionPreview,
  AccountDeletionRequest,
  AccountDeletionResponse,
} from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';
import { usePlayerQuery } from '@/lib/player-query';

/**
 * `GET /api/account/delete`: the balance deleting would forfeit, whether a withdrawal in flight blocks
 * it, and whether proof is needed. Follows the balance, so the amount the dialog states is the current one.
 */
export function useAccountDeletionPreview() {
  return usePlayerQuery<AccountDeletionPreview>('account-deletion', '/api/account/delete', {
    followBalance: true,
    staleTime: 0,
  });
}

/**
 * `POST /api/account/delete`: refused with WITHDRAWAL_IN_FLIGHT, BALANCE_CHANGED (the body's `balance`
 * is the amount now) or PROOF_REQUIRED; on success every session of the account is gone, this one too.
 */
export function deleteAccount(body: AccountDeletionRequest): Promise<AccountDeletionResponse> {
  return apiFetch<AccountDeletionResponse>('/api/account/delete', { method: 'POST', body });
}
