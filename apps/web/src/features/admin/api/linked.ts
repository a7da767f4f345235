import type { LinkedAccountsResponse } from '@rewards/contracts';
import { useAdminQuery } from './admin-query';
import { adminKeys } from './client';

/** Under `['admin', 'linked', id]`: forgotten with the other admin answers on sign-out. */
export const linkedKey = (userId: number) => [...adminKeys.all, 'linked', userId] as const;

/** `GET /api/admin/users/{id}/linked`: the accounts sharing a device or a sign-in address with this one. */
export function useLinkedAccounts(userId: number) {
  return useAdminQuery<LinkedAccountsResponse>(linkedKey(userId), `/api/admin/users/${userId}/linked`, {
    staleTime: 0,
  });
}
