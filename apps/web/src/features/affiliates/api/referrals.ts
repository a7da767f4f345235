import { useQuery } from '@tanstack/react-query';
import type { ReferralsResponse } from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** The player's referral link and counters (`GET /api/referrals`). */
export function useReferrals() {
  const session = useSession();
  const username = session?.username.toLowerCase() ?? '';
  return useQuery({
    queryKey: ['referrals', username],
    queryFn: ({ signal }) => apiFetch<ReferralsResponse>('/api/referrals', { signal }),
    enabled: Boolean(session?.token),
  });
}
