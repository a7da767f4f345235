import type {
  AdminLevelReward,
  AdminLevelRewardsResponse,
  CreateLevelRewardRequest,
} from '@rewards/contracts';
import { useAdminMutation, useAdminQuery } from './admin-query';
import { adminFetch, adminKeys, invalidate } from './client';

export function useLevelRewards() {
  return useAdminQuery<AdminLevelRewardsResponse>(adminKeys.levelRewards, '/api/admin/level-rewards');
}

function refresh(): void {
  invalidate(adminKeys.levelRewards, adminKeys.audit);
}

export function useCreateLevelReward() {
  return useAdminMutation(
    (body: CreateLevelRewardRequest) =>
      adminFetch<AdminLevelReward>('/api/admin/level-rewards', { method: 'POST', body }),
    refresh,
  );
}

export function useUpdateLevelReward() {
  return useAdminMutation(
    ({ level, amount }: { level: number; amount: number }) =>
      adminFetch<AdminLevelReward>(`/api/admin/level-rewards/${level}`, {
        method: 'PATCH',
        body: { amount },
      }),
    refresh,
  );
}

export function useDeleteLevelReward() {
  return useAdminMutation(
    (level: number) =>
      adminFetch<AdminLevelReward>(`/api/admin/level-rewards/${level}`, { method: 'DELETE' }),
    refresh,
  );
}
