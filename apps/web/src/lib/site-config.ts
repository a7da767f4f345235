import { useQuery } from '@tanstack/react-query';
import type { SiteConfigResponse, SiteOperator } from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';

/**
 * `GET /api/config`: who runs the site and how to reach them, and the site's optional defences (the
 * Turnstile site key, if any). Read once.
 */
export function useSiteConfig() {
  return useQuery({
    queryKey: ['site-config'],
    queryFn: ({ signal }) => apiFetch<SiteConfigResponse>('/api/config', { signal, token: null }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The operator's name, address, e-mail and community link; undefined until the config has arrived. */
export function useOperator(): SiteOperator | undefined {
  return useSiteConfig().data?.operator;
}
