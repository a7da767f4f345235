import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AdminPostbacksResponse,
  AdminWall,
  AdminWallsResponse,
  ReplayPostbackResponse,
  UpdateWallRequest,
} from '@rewards/contracts';
import { adminFetch, adminKeys, invalidate, queryString } from './client';

/** Create (with `slug`) or edit (without). `secret`: omitted keeps the current one, '' clears it. */
export type WallInput = UpdateWallRequest & { slug?: string };

export function useWalls() {
  return useQuery({
    queryKey: adminKeys.walls,
    queryFn: ({ signal }) => adminFetch<AdminWallsResponse>('/api/admin/walls', { signal }),
  });
}

function refreshWalls(): void {
  invalidate(adminKeys.walls, adminKeys.audit);
}

export function useCreateWall() {
  return useMutation({
    mutationFn: (body: WallInput) => adminFetch<AdminWall>('/api/admin/walls', { method: 'POST', body }),
    onSuccess: refreshWalls,
  });
}

export function useUpdateWall() {
  return useMutation({
    mutationFn: ({ slug, changes }: { slug: string; changes: WallInput }) =>
      adminFetch<AdminWall>(`/api/admin/walls/${encodeURIComponent(slug)}`, {
        method: 'PATCH',
        body: changes,
      }),
    onSuccess: refreshWalls,
  });
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

export function useReplayPostback() {
  return useMutation({
    mutationFn: (id: number) =>
      adminFetch<ReplayPostbackResponse>(`/api/admin/postbacks/${id}/replay`, { method: 'POST' }),
    onSuccess: () => {
      invalidate(adminKeys.postbacks, adminKeys.audit, adminKeys.users, adminKeys.overview);
    },
  });
}

export type { AdminPostback, AdminWall } from '@rewards/contracts';
