import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SocialClaimResponse, SocialsResponse } from '@rewards/contracts';
import { apiFetch } from '@/lib/api-client';
import { useSession } from '@/lib/session';

const socialsKey = (username: string) => ['socials', username] as const;

/** The four socials with the player's claimed flags (`GET /api/socials`). */
export function useSocials() {
  const session = useSession();
  const username = session?.username.toLowerCase() ?? '';
  return useQuery({
    queryKey: socialsKey(username),
    queryFn: ({ signal }) => apiFetch<SocialsResponse>('/api/socials', { signal }),
    enabled: Boolean(session?.token),
  });
}

/** `POST /api/socials/{id}/claim`: credited once; 409 when already claimed. */
export function useClaimSocial() {
  const session = useSession();
  const username = session?.username.toLowerCase() ?? '';
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<SocialClaimResponse>(`/api/socials/${encodeURIComponent(id)}/claim`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: socialsKey(username) }),
  });
}
