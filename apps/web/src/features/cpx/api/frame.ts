import type { CpxFrameResponse } from '@rewards/contracts';
import { usePlayerQuery } from '@/lib/player-query';

/** The CPX Research frame URL for the player, with the secure hash computed by the server. */
export function useCpxFrame() {
  return usePlayerQuery<CpxFrameResponse>('cpx-frame', '/api/cpx/frame', { staleTime: 5 * 60_000 });
}
