import type { AdminPromoCode, AdminPromoCodesResponse, CreatePromoCodeRequest } from '@rewards/contracts';
import { adminList } from './admin-list';
import { useAdminMutation } from './admin-query';
import { adminFetch, adminKeys } from './client';

const promoCodes = adminList<AdminPromoCodesResponse, CreatePromoCodeRequest, AdminPromoCode>(
  adminKeys.promocodes,
  '/api/admin/promocodes',
);

export const usePromoCodes = promoCodes.useList;
export const useCreatePromoCode = promoCodes.useCreate;

export function useSetPromoCodeActive() {
  return useAdminMutation(
    ({ id, active }: { id: number; active: boolean }) =>
      adminFetch<AdminPromoCode>(`/api/admin/promocodes/${id}`, { method: 'PATCH', body: { active } }),
    promoCodes.refresh,
  );
}
