import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AdminGiveaway,
  AdminGiveawayEntriesResponse,
  AdminGiveawaysResponse,
  CreateGiveawayRequest,
} from '@rewards/contracts';
import { adminFetch, adminKeys, invalidate } from './client';

export function useGiveaways() {
  return useQuery({
    queryKey: adminKeys.giveaways,
    queryFn: ({ signal }) => adminFetch<AdminGiveawaysResponse>('/api/admin/giveaways', { signal }),
  });
}

/** The entrants of one giveaway (loaded when the admin opens them). */
export function useGiveawayEntries(id: number | null) {
  return useQuery({
    queryKey: adminKeys.giveawayEntries(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      adminFetch<AdminGiveawayEntriesResponse>(`/api/admin/giveaways/${id}/entries`, { signal }),
    staleTime: 0,
  });
}

function refresh(): void {
  invalidate(adminKeys.giveaways, adminKeys.audit);
}

export function useCreateGiveaway() {
  return useMutation({
    mutationFn: (body: CreateGiveawayRequest) =>
      adminFetch<AdminGiveaway>('/api/admin/giveaways', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useEndGiveaway() {
  return useMutation({
    mutationFn: (id: number) => adminFetch<unknown>(`/api/admin/giveaways/${id}/end`, { method: 'POST' }),
    onSuccess: refresh,
  });
}
