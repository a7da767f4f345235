import type { LandingResponse } from '@rewards/contracts';
import { usePublicResource } from '@/lib/public-resource';

/** `GET /api/landing`: the site's measured figures (or what a new player gets) for the landing cards. */
export function useLanding() {
  return usePublicResource<LandingResponse>('/api/landing');
}
