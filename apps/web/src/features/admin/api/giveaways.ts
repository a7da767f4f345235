import type {
  AdminGiveaway,
  AdminGiveawayEntriesResponse,
  AdminGiveawaysResponse,
  CreateGiveawayRequest,
} from '@rewards/contracts';
import { useAdminCreate, useAdminMutation, useAdminQuery } from './admin-query';
import { adminFetch, adminKeys, invalidate } from './client';

export function useGiveaways() {
  return useAdminQuery<AdminGiveawaysResponse>(adminKeys.giveaways, '/api/admin/giveaways');
}

/** The entrants of one giveaway (loaded when the admin opens them). */
export function useGiveawayEntries(id: number | null) {
  return useAdminQuery<AdminGiveawayEntriesResponse>(
    adminKeys.giveawayEntries(id ?? 0),
    `/api/admin/giveaways/${id}/entries`,
    { enabled: id !== null, staleTime: 0 },
  );
}

function refresh(): void {
  invalidate(adminKeys.giveaways, adminKeys.audit);
}

export function useCreateGiveaway() {
  return useAdminCreate<CreateGiveawayRequest, AdminGiveaway>('/api/admin/giveaways', refresh);
}

export function useEndGiveaway() {
  return useAdminMutation(
    (id: number) => adminFetch<unknown>(`/api/admin/giveaways/${id}/end`, { method: 'POST' }),
    refresh,
  );
}
