import type { ReferralsResponse } from '@rewards/contracts';
import { usePlayerQuery } from '@/lib/player-query';

/** The player's referral link and counters (`GET /api/referrals`). */
export function useReferrals() {
  return usePlayerQuery<ReferralsResponse>('referrals', '/api/referrals');
}
