import { useQuery } from '@tanstack/react-query';
import type { AdminUserMoneyResponse } from '@rewards/contracts';
import { adminFetch, adminKeys } from './client';

/** Under `['admin', 'withdrawals', 'money', id]`: refreshed with the payout queue after every decision. */
export const userMoneyKey = (userId: number) => [...adminKeys.withdrawals, 'money', userId] as const;

/**
 * `GET /api/admin/users/{id}/money`: what the withdrawal rules see of a player (reversal figures, held
 * offer credits, what blocks a withdrawal, withdrawals waiting for a decision or a payout).
 */
export function useUserMoney(userId: number) {
  return useQuery({
    queryKey: userMoneyKey(userId),
    queryFn: ({ signal }) =>
      adminFetch<AdminUserMoneyResponse>(`/api/admin/users/${userId}/money`, { signal }),
    staleTime: 0,
  });
}
