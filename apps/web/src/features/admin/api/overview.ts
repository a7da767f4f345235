import { useQuery } from '@tanstack/react-query';
import type { OverviewResponse } from '@rewards/contracts';
import { adminFetch, adminKeys } from './client';

export function useOverview() {
  return useQuery({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => adminFetch<OverviewResponse>('/api/admin/overview', { signal }),
    staleTime: 30_000,
  });
}
