import type { ComponentProps, ReactNode } from 'react';
import { m } from '@/paraglide/messages.js';
import { Button } from '@/components/ui/Button';
import { EmptyState, LoadingRow } from '@/components/ui/CardStates';
import { DataTable } from '@/components/ui/DataTable';

/**
 * A loaded list: the spinner while the first answer is on its way, the empty text when nothing came
 * (nothing at all when the load failed: the section's error box says why), else the list itself.
 */
export function ListBody({
  query,
  count,
  loading,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean };
  count: number;
  loading: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return <LoadingRow label={loading} />;
  if (count === 0) return query.isError ? null : <EmptyState>{empty}</EmptyState>;
  return children;
}

/** A loaded list shown as a console table: ListBody's states, else the table with `row(item)` for each item. */
export function ListTable<T>({
  query,
  items,
  loading,
  empty,
  row,
  ...table
}: {
  query: { isPending: boolean; isError: boolean };
  items: readonly T[];
  loading: string;
  empty: ReactNode;
  row: (item: T) => ReactNode;
} & Omit<ComponentProps<typeof DataTable>, 'children'>) {
  return (
    <ListBody query={query} count={items.length} loading={loading} empty={empty}>
      <DataTable {...table}>{items.map((item) => row(item))}</DataTable>
    </ListBody>
  );
}

/** "Load older …" under a list read newest first, while there is more. */
export function LoadOlder({
  query,
  label,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button
        variant="secondary"
        size="sm"
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? m.admin_loading() : label}
      </Button>
    </div>
  );
}
