import { useQuery } from '@tanstack/react-query';
import type { WallsResponse } from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** The walls with the player's own frame URLs (`GET /api/walls`). */
export function useWalls() {
  const session = useSession();
  const username = session?.username.toLowerCase() ?? '';
  return useQuery({
    queryKey: ['walls', username],
    queryFn: ({ signal }) => apiFetch<WallsResponse>('/api/walls', { signal }),
    enabled: Boolean(session?.token),
    staleTime: 5 * 60_000,
  });
}
