import type { AdminUserMoneyResponse } from '@rewards/contracts';
import { useAdminQuery } from './admin-query';
import { adminKeys } from './client';

/** Under `['admin', 'withdrawals', 'money', id]`: refreshed with the payout queue after every decision. */
export const userMoneyKey = (userId: number) => [...adminKeys.withdrawals, 'money', userId] as const;

/**
 * `GET /api/admin/users/{id}/money`: what the withdrawal rules see of a player (reversal figures, held
 * offer credits, what blocks a withdrawal, withdrawals waiting for a decision or a payout).
 */
export function useUserMoney(userId: number) {
  return useAdminQuery<AdminUserMoneyResponse>(userMoneyKey(userId), `/api/admin/users/${userId}/money`, {
    staleTime: 0,
  });
}
