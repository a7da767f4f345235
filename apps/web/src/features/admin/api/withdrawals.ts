import { useMutation } from '@tanstack/react-query';
import type { AdminWithdrawalRow, AdminWithdrawalsResponse, WithdrawalStateName } from '@rewards/contracts';
import { notifyBalanceUpdated } from '@/lib/balance';
import { useAdminQuery } from './admin-query';
import { adminFetch, adminKeys, invalidate, queryString } from './client';

export const WITHDRAWALS_PAGE_SIZE = 25;

export function useWithdrawals(state: WithdrawalStateName, page: number) {
  return useAdminQuery<AdminWithdrawalsResponse>(
    [...adminKeys.withdrawalsByState(state), page],
    `/api/admin/withdrawals${queryString({ state, page, pageSize: WITHDRAWALS_PAGE_SIZE })}`,
    { keepPrevious: true, staleTime: 0 },
  );
}

export type WithdrawalAction =
  | { kind: 'paid'; id: number }
  | { kind: 'reject'; id: number; reason: string }
  | { kind: 'resolve'; id: number; outcome: 'paid' | 'refunded' }
  /** A withdrawal in review or held: approve (to payment) or refund. */
  | { kind: 'decide'; id: number; decision: 'approve' | 'refund' };

function run(action: WithdrawalAction) {
  const path = `/api/admin/withdrawals/${action.id}`;
  switch (action.kind) {
    case 'paid':
      return adminFetch<{ withdrawal: AdminWithdrawalRow }>(`${path}/paid`, { method: 'POST' });
    case 'reject':
      return adminFetch<{ withdrawal: AdminWithdrawalRow }>(`${path}/reject`, {
        method: 'POST',
        body: { reason: action.reason },
      });
    case 'resolve':
      return adminFetch<{ withdrawal: AdminWithdrawalRow }>(`${path}/resolve`, {
        method: 'POST',
        body: { outcome: action.outcome },
      });
    case 'decide':
      return adminFetch<{ withdrawal: AdminWithdrawalRow }>(`${path}/decide`, {
        method: 'POST',
        body: { decision: action.decision },
      });
  }
}

/**
 * Mark paid, reject (refunds), resolve a `needs_review` item, or decide on one in review or held; the
 * queue, the totals and the user view's money state refresh.
 */
export function useWithdrawalAction() {
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      invalidate(adminKeys.withdrawals, adminKeys.overview, adminKeys.audit, adminKeys.users);
      notifyBalanceUpdated(); // a refund may change a balance shown in this browser
    },
  });
}
