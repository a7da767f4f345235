import type { OverviewResponse } from '@rewards/contracts';
import { useAdminQuery } from './admin-query';
import { adminKeys } from './client';

export function useOverview() {
  return useAdminQuery<OverviewResponse>(adminKeys.overview, '/api/admin/overview', { staleTime: 30_000 });
}
