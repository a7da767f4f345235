import { useQuery } from '@tanstack/react-query';
import type { CpxFrameResponse } from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** The CPX Research frame URL for the player, with the secure hash computed by the server. */
export function useCpxFrame() {
  const session = useSession();
  const username = session?.username.toLowerCase() ?? '';
  return useQuery({
    queryKey: ['cpx-frame', username],
    queryFn: ({ signal }) => apiFetch<CpxFrameResponse>('/api/cpx/frame', { signal }),
    enabled: Boolean(session?.token),
    staleTime: 5 * 60_000,
  });
}
