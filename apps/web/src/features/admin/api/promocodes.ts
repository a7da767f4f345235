import type { AdminPromoCode, AdminPromoCodesResponse, CreatePromoCodeRequest } from '@rewards/contracts';
import { useAdminCreate, useAdminMutation, useAdminQuery } from './admin-query';
import { adminFetch, adminKeys, invalidate } from './client';

export function usePromoCodes() {
  return useAdminQuery<AdminPromoCodesResponse>(adminKeys.promocodes, '/api/admin/promocodes');
}

function refresh(): void {
  invalidate(adminKeys.promocodes, adminKeys.audit);
}

export function useCreatePromoCode() {
  return useAdminCreate<CreatePromoCodeRequest, AdminPromoCode>('/api/admin/promocodes', refresh);
}

export function useSetPromoCodeActive() {
  return useAdminMutation(
    ({ id, active }: { id: number; active: boolean }) =>
      adminFetch<AdminPromoCode>(`/api/admin/promocodes/${id}`, { method: 'PATCH', body: { active } }),
    refresh,
  );
}
