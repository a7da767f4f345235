import type {
  AdminLevelReward,
  AdminLevelRewardsResponse,
  CreateLevelRewardRequest,
} from '@rewards/contracts';
import { adminList } from './admin-list';
import { useAdminMutation } from './admin-query';
import { adminFetch, adminKeys } from './client';

const levelRewards = adminList<AdminLevelRewardsResponse, CreateLevelRewardRequest, AdminLevelReward>(
  adminKeys.levelRewards,
  '/api/admin/level-rewards',
);

export const useLevelRewards = levelRewards.useList;
export const useCreateLevelReward = levelRewards.useCreate;

export function useUpdateLevelReward() {
  return useAdminMutation(
    ({ level, amount }: { level: number; amount: number }) =>
      adminFetch<AdminLevelReward>(`/api/admin/level-rewards/${level}`, {
        method: 'PATCH',
        body: { amount },
      }),
    levelRewards.refresh,
  );
}

export function useDeleteLevelReward() {
  return useAdminMutation(
    (level: number) =>
      adminFetch<AdminLevelReward>(`/api/admin/level-rewards/${level}`, { method: 'DELETE' }),
    levelRewards.refresh,
  );
}
