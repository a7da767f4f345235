import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminPromoCode, AdminPromoCodesResponse, CreatePromoCodeRequest } from '@rewards/contracts';
import { adminFetch, adminKeys, invalidate } from './client';

export function usePromoCodes() {
  return useQuery({
    queryKey: adminKeys.promocodes,
    queryFn: ({ signal }) => adminFetch<AdminPromoCodesResponse>('/api/admin/promocodes', { signal }),
  });
}

function refresh(): void {
  invalidate(adminKeys.promocodes, adminKeys.audit);
}

export function useCreatePromoCode() {
  return useMutation({
    mutationFn: (body: CreatePromoCodeRequest) =>
      adminFetch<AdminPromoCode>('/api/admin/promocodes', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useSetPromoCodeActive() {
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      adminFetch<AdminPromoCode>(`/api/admin/promocodes/${id}`, { method: 'PATCH', body: { active } }),
    onSuccess: refresh,
  });
}
