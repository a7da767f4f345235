import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { AddPointsResponse, AdminUserRow, AdminUsersResponse, LedgerRow } from '@rewards/contracts';
import { queryClient } from '@/lib/query-client';
import { useAdminQuery } from './admin-query';
import { adminFetch, adminKeys, invalidate, olderThanLast, queryString } from './client';

export const USERS_PAGE_SIZE = 25;
/** The server answers at most this many ledger entries per call. */
const LEDGER_PAGE = 100;

/** A page of the users table; `linked`: only accounts sharing a browser or sign-in address with another. */
export function useUsers(search: string, page: number, linked = false) {
  return useAdminQuery<AdminUsersResponse>(
    [...adminKeys.usersPage(search, page, USERS_PAGE_SIZE), { linked }],
    `/api/all-users${queryString({ search, page, pageSize: USERS_PAGE_SIZE, linked: linked ? 1 : undefined })}`,
    { keepPrevious: true },
  );
}

/** Changes one row in every cached users page that holds it (the table updates in place). */
function patchUserRow(id: number, patch: Partial<AdminUserRow>): void {
  queryClient.setQueriesData<AdminUsersResponse>({ queryKey: adminKeys.users }, (data) =>
    data
      ? { ...data, users: data.users.map((user) => (user._id === id ? { ...user, ...patch } : user)) }
      : data,
  );
}

export function useToggleBan() {
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: AdminUserRow['status'] }) =>
      adminFetch<{ _id: number; status: AdminUserRow['status'] }>(`/api/toggle-ban/${id}`, {
        method: 'PUT',
        body: { status },
      }),
    onSuccess: (result) => {
      patchUserRow(result._id, { status: result.status });
      invalidate(adminKeys.audit);
    },
  });
}

export function useAddPoints() {
  return useMutation({
    mutationFn: ({ userId, points }: { userId: number; points: number }) =>
      adminFetch<AddPointsResponse>('/api/admin/add-points', { method: 'POST', body: { userId, points } }),
    onSuccess: (result, { userId }) => {
      // `newEarnings` is the spec's field; this server fills it with the new balance, as does `balance`.
      patchUserRow(userId, { balance: result.balance });
      invalidate(adminKeys.ledger(userId), adminKeys.audit, adminKeys.overview);
    },
  });
}

/** `GET /api/admin/users/{id}/ledger`, newest first, 100 at a time (`?before=<id>` for older ones). */
export function useUserLedger(userId: number | null) {
  return useInfiniteQuery({
    queryKey: adminKeys.ledger(userId ?? 0),
    enabled: userId !== null,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      adminFetch<{ entries: LedgerRow[] }>(
        `/api/admin/users/${userId}/ledger${queryString({ before: pageParam })}`,
        { signal },
      ),
    getNextPageParam: olderThanLast(LEDGER_PAGE),
    staleTime: 0,
  });
}
