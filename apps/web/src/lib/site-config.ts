import { useQuery } from '@tanstack/react-query';
import type { SiteConfigResponse } from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/config`: the site's optional defences (the Turnstile site key, if any). Read once. */
export function useSiteConfig() {
  return useQuery({
    queryKey: ['site-config'],
    queryFn: ({ signal }) => apiFetch<SiteConfigResponse>('/api/config', { signal, token: null }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
