import type { FirstStepsResponse } from '@rewards/contracts';
import { usePlayerQuery } from '@/lib/player-query';

/**
 * The first-steps guide (`GET /api/first-steps`), ticked by the server. Its steps are done on other
 * pages (daily, profile, withdraw), in another tab, or on this one (a social, an offer in a wall's
 * frame), so it is never taken as fresh: it is asked again each time the earn page opens or the
 * window regains focus (`staleTime: 0`), and whenever a credit fires `balanceUpdated` while it shows.
 */
export function useFirstSteps() {
  return usePlayerQuery<FirstStepsResponse>('first-steps', '/api/first-steps', {
    staleTime: 0,
    followBalance: true,
  });
}
