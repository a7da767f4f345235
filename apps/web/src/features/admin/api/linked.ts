import { useQuery } from '@tanstack/react-query';
import type { LinkedAccountsResponse } from '@rewards/contracts';
import { adminFetch, adminKeys } from './client';

/** Under `['admin', 'linked', id]`: forgotten with the other admin answers on sign-out. */
export const linkedKey = (userId: number) => [...adminKeys.all, 'linked', userId] as const;

/** `GET /api/admin/users/{id}/linked`: the accounts sharing a device or a sign-in address with this one. */
export function useLinkedAccounts(userId: number) {
  return useQuery({
    queryKey: linkedKey(userId),
    queryFn: ({ signal }) =>
      adminFetch<LinkedAccountsResponse>(`/api/admin/users/${userId}/linked`, { signal }),
    staleTime: 0,
  });
}
