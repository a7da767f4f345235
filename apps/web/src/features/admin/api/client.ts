import { apiFetch, ApiError, type ApiFetchOptions } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/** Query keys of the admin console; everything lives under `['admin']`. */
export const adminKeys = {
  all: ['admin'] as const,
  session: ['admin', 'session'] as const,
  me: ['admin', 'me'] as const,
  staff: ['admin', 'staff'] as const,
  overview: ['admin', 'overview'] as const,
  users: ['admin', 'users'] as const,
  usersPage: (search: string, page: number, pageSize: number) =>
    ['admin', 'users', { search, page, pageSize }] as const,
  ledger: (userId: number) => ['admin', 'ledger', userId] as const,
  audit: ['admin', 'audit'] as const,
  auditBy: (actor: string) => ['admin', 'audit', { actor }] as const,
  promocodes: ['admin', 'promocodes'] as const,
  giveaways: ['admin', 'giveaways'] as const,
  levelRewards: ['admin', 'level-rewards'] as const,
  giveawayEntries: (id: number) => ['admin', 'giveaways', id, 'entries'] as const,
  withdrawals: ['admin', 'withdrawals'] as const,
  withdrawalsByState: (state: string) => ['admin', 'withdrawals', state] as const,
  walls: ['admin', 'walls'] as const,
  postbacks: ['admin', 'postbacks'] as const,
  postbacksFiltered: (wall: string, verdict: string) => ['admin', 'postbacks', { wall, verdict }] as const,
};

/** Forgets every cached admin answer except the session flag (on sign-in, sign-out and expiry). */
export function clearAdminData(): void {
  queryClient.removeQueries({
    queryKey: adminKeys.all,
    predicate: (query) => query.queryKey[1] !== 'session',
  });
}

/** Marks these cached admin answers stale: whatever shows them loads them again. */
export function invalidate(...keys: readonly (readonly unknown[])[]): void {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * For a list read newest first, `pageSize` entries at a time: the id the next (older) page starts
 * before (`?before=<id>`), or undefined when the last page came back short.
 */
export function olderThanLast(pageSize: number) {
  return (last: { entries: { id: number }[] }): number | undefined =>
    last.entries.length >= pageSize ? last.entries[last.entries.length - 1]?.id : undefined;
}

/** The console shows the password form again (the cookie expired, was revoked, or the admin logged out). */
export function markAdminSignedOut(): void {
  queryClient.setQueryData(adminKeys.session, false);
}

/**
 * Every admin call goes through here. The admin is authorised by the httpOnly cookie alone, which the
 * browser sends with same-origin requests; the player's bearer token is never sent (`token: null`), so
 * an admin 401 cannot end the player's session. A 401 returns the console to the password form.
 */
export async function adminFetch<T>(path: string, options: Omit<ApiFetchOptions, 'token'> = {}): Promise<T> {
  try {
    return await apiFetch<T>(path, { ...options, token: null });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) markAdminSignedOut();
    throw err;
  }
}

/** `?a=1&b=x` from the defined, non-empty values. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
