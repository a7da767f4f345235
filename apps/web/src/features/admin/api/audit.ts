import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditRow } from '@rewards/contracts';
import { adminFetch, adminKeys, olderThanLast, queryString } from './client';

const AUDIT_PAGE = 100;

/**
 * `GET /api/admin/audit`, newest first, 100 at a time (`?before=<id>` for older ones); `actor`, when
 * given, keeps one staff member's actions (their exact name).
 */
export function useAuditLog(actor = '') {
  return useInfiniteQuery({
    queryKey: actor ? adminKeys.auditBy(actor) : adminKeys.audit,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      adminFetch<{ entries: AuditRow[] }>(`/api/admin/audit${queryString({ actor, before: pageParam })}`, {
        signal,
      }),
    getNextPageParam: olderThanLast(AUDIT_PAGE),
    staleTime: 0,
  });
}
