import type { LevelStatus } from '@rewards/contracts';
import { usePlayerQuery } from './player-query';

/**
 * `GET /api/level`: the signed-in player's level (the account menu asks when it opens). Reading it
 * pays the level rewards reached, so it follows the balance both ways.
 */
export function useLevel() {
  return usePlayerQuery<LevelStatus>('level', '/api/level', { followBalance: true, staleTime: 30_000 });
}
