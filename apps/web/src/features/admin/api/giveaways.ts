import type {
  AdminGiveaway,
  AdminGiveawayEntriesResponse,
  AdminGiveawaysResponse,
  CreateGiveawayRequest,
} from '@rewards/contracts';
import { adminList } from './admin-list';
import { useAdminMutation, useAdminQuery } from './admin-query';
import { adminFetch, adminKeys } from './client';

const giveaways = adminList<AdminGiveawaysResponse, CreateGiveawayRequest, AdminGiveaway>(
  adminKeys.giveaways,
  '/api/admin/giveaways',
);

export const useGiveaways = giveaways.useList;
export const useCreateGiveaway = giveaways.useCreate;

/** The entrants of one giveaway (loaded when the admin opens them). */
export function useGiveawayEntries(id: number | null) {
  return useAdminQuery<AdminGiveawayEntriesResponse>(
    adminKeys.giveawayEntries(id ?? 0),
    `/api/admin/giveaways/${id}/entries`,
    { enabled: id !== null, staleTime: 0 },
  );
}

export function useEndGiveaway() {
  return useAdminMutation(
    (id: number) => adminFetch<unknown>(`/api/admin/giveaways/${id}/end`, { method: 'POST' }),
    giveaways.refresh,
  );
}
