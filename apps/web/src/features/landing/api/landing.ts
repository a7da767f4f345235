import { useQuery } from '@tanstack/react-query';
import type { LandingResponse } from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/landing`: the site's measured figures (or what a new player gets) for the landing cards. */
export function useLanding() {
  return useQuery({
    queryKey: ['landing'],
    queryFn: ({ signal }) => apiFetch<LandingResponse>('/api/landing', { signal, token: null }),
    staleTime: 60_000,
  });
}
