import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { useRefetchOnBalanceUpdate } from './balance';
import { useSession } from './session';

/** The cache key of a player's own answer: one per player, so another player's data never shows. */
export const playerQueryKey = (name: string, username: string) => [name, username.toLowerCase()] as const;

/**
 * A GET of the signed-in player's own data, cached under `playerQueryKey(name, username)` and sent
 * only while a session token is stored. `path` may depend on the username. With `followBalance` it
 * loads again whenever the balance changes (`balanceUpdated`).
 */
export function usePlayerQuery<T>(
  name: string,
  path: string | ((username: string) => string),
  options: { staleTime?: number; refetchInterval?: number; followBalance?: boolean } = {},
) {
  const session = useSession();
  const username = session?.username ?? '';
  const { followBalance = false, ...timing } = options;
  const query = useQuery({
    queryKey: playerQueryKey(name, username),
    queryFn: ({ signal }) => apiFetch<T>(typeof path === 'string' ? path : path(username), { signal }),
    enabled: Boolean(username && session?.token),
    ...timing,
  });
  useRefetchOnBalanceUpdate(query.refetch, followBalance && Boolean(username));
  return query;
}
