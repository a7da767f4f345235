import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { adminFetch } from './client';

/**
 * A GET of the console, cached under `key`. `keepPrevious`: a paged or filtered list keeps showing
 * the last page while the next one loads.
 */
export function useAdminQuery<T>(
  key: readonly unknown[],
  path: string,
  options: { staleTime?: number; enabled?: boolean; keepPrevious?: boolean } = {},
) {
  const { keepPrevious, ...rest } = options;
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => adminFetch<T>(path, { signal }),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...rest,
  });
}

/** A change made in the console; `refresh` marks what it changed stale once the server agreed. */
export function useAdminMutation<Input, Output>(
  call: (input: Input) => Promise<Output>,
  refresh: () => void,
) {
  return useMutation({ mutationFn: call, onSuccess: () => refresh() });
}

/** A new row of a console list: `body` POSTed to the list's `path`, which answers the row made. */
export function useAdminCreate<Body, Row>(path: string, refresh: () => void) {
  return useAdminMutation((body: Body) => adminFetch<Row>(path, { method: 'POST', body }), refresh);
}
