import type { SiteConfigResponse, SiteOperator } from '@rewards/contracts';
import { usePublicResource } from '@/lib/public-resource';

/**
 * `GET /api/config`: who runs the site and how to reach them, and the site's optional defences (the
 * Turnstile site key, if any). Read once per page load.
 */
export function useSiteConfig() {
  return usePublicResource<SiteConfigResponse>('/api/config');
}

/** The operator's name, address, e-mail and community link; undefined until the config has arrived. */
export function useOperator(): SiteOperator | undefined {
  return useSiteConfig().data?.operator;
}
