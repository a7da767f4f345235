import type { WallsResponse } from '@rewards/contracts';
import { usePlayerQuery } from '@/lib/player-query';

/** The walls with the player's own frame URLs (`GET /api/walls`). */
export function useWalls() {
  return usePlayerQuery<WallsResponse>('walls', '/api/walls', { staleTime: 5 * 60_000 });
}
