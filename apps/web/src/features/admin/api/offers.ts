import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type {
  AdminPostbacksResponse,
  AdminWall,
  AdminWallsResponse,
  PostbackDecisionResponse,
  ReplayPostbackResponse,
  TestPostbackResponse,
  UpdateWallRequest,
} from '@rewards/contracts';
import { notifyBalanceUpdated } from '@/lib/balance';
import { adminList } from './admin-list';
import { useAdminMutation } from './admin-query';
import { adminFetch, adminKeys, invalidate, queryString } from './client';

/** Create (with `slug`) or edit (without). `secret`: omitted keeps the current one, '' clears it. */
export type WallInput = UpdateWallRequest & { slug?: string };

const walls = adminList<AdminWallsResponse, WallInput, AdminWall>(adminKeys.walls, '/api/admin/walls');

export const useWalls = walls.useList;
export const useCreateWall = walls.useCreate;

export function useUpdateWall() {
  return useAdminMutation(
    ({ slug, changes }: { slug: string; changes: WallInput }) =>
      adminFetch<AdminWall>(`/api/admin/walls/${encodeURIComponent(slug)}`, {
        method: 'PATCH',
        body: changes,
      }),
    walls.refresh,
  );
}

export function usePostbacks(wall: string, verdict: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.postbacksFiltered(wall, verdict),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      adminFetch<AdminPostbacksResponse>(
        `/api/admin/postbacks${queryString({ wall, verdict, before: pageParam })}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 0,
  });
}

/** After a postback may have credited someone: the log, the players, the totals and this browser's balance. */
function refreshAfterCredit(): void {
  invalidate(adminKeys.postbacks, adminKeys.audit, adminKeys.users, adminKeys.overview);
  notifyBalanceUpdated(); // the credited player may be the one signed in in this browser
}

export function useReplayPostback() {
  return useAdminMutation(
    (id: number) =>
      adminFetch<ReplayPostbackResponse>(`/api/admin/postbacks/${id}/replay`, { method: 'POST' }),
    refreshAfterCredit,
  );
}

/**
 * "Send a test postback": the server builds and signs an R$0.01 postback exactly as the wall's
 * provider would, for the named player, and runs it through the real postback path.
 */
export function useTestPostback() {
  return useAdminMutation(
    ({ slug, username }: { slug: string; username: string }) =>
      adminFetch<TestPostbackResponse>(`/api/admin/walls/${encodeURIComponent(slug)}/test-postback`, {
        method: 'POST',
        body: { username },
      }),
    refreshAfterCredit,
  );
}

export type PostbackDecision = 'approve' | 'reject';

/** Approves (credits exactly once) or rejects (credits nothing) a held postback; 409 when it is not held. */
export function usePostbackDecision() {
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: PostbackDecision }) =>
      adminFetch<PostbackDecisionResponse>(`/api/admin/postbacks/${id}/${decision}`, { method: 'POST' }),
    // A 409 means someone decided first: the refreshed list shows what happened.
    onSettled: refreshAfterCredit,
  });
}

export type { AdminPostback, AdminWall, TestPostbackResponse } from '@rewards/contracts';
