import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { useAuditLog } from '../../api/audit';
import { formatDateTime, formatJson } from '../format';
import { EmptyState, LoadingRow, Panel, SectionError, TableScroll, tableClass, tdClass, thClass } from '../shared';

function JsonCell({ value }: { value: unknown }) {
  const text = formatJson(value);
  if (text === '—') return <span className="text-slate-500">—</span>;
  return <code className="font-mono text-xs break-all text-slate-300">{text}</code>;
}

/** Every admin action, newest first (`GET /api/admin/audit`). */
export function AuditSection() {
  const audit = useAuditLog();
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Panel
      title="Audit log"
      description="Newest first."
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={audit.isFetching}
          onClick={() => void audit.refetch()}
        >
          <RotateCw aria-hidden="true" className={cn('size-4', audit.isFetching && 'animate-spin')} /> Refresh
        </Button>
      }
    >
      <SectionError error={audit.error} title="Failed to load the audit log" onRetry={() => void audit.refetch()} />
      {audit.isPending ? (
        <LoadingRow label="Loading audit log..." />
      ) : entries.length === 0 ? (
        !audit.isError && <EmptyState>No admin actions yet.</EmptyState>
      ) : (
        <TableScroll>
          <table className={cn(tableClass, 'min-w-[44rem]')}>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  When
                </th>
                <th scope="col" className={thClass}>
                  Who
                </th>
                <th scope="col" className={thClass}>
                  Action
                </th>
                <th scope="col" className={thClass}>
                  Target
                </th>
                <th scope="col" className={thClass}>
                  Before
                </th>
                <th scope="col" className={thClass}>
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className={cn(tdClass, 'whitespace-nowrap text-slate-400')}>{formatDateTime(entry.createdAt)}</td>
                  <td className={cn(tdClass, 'text-slate-200')}>{entry.actor}</td>
                  <td className={cn(tdClass, 'font-semibold whitespace-nowrap text-white')}>{entry.action}</td>
                  <td className={cn(tdClass, 'font-mono text-xs whitespace-nowrap text-slate-300')}>{entry.target}</td>
                  <td className={cn(tdClass, 'max-w-64')}>
                    <JsonCell value={entry.before} />
                  </td>
                  <td className={cn(tdClass, 'max-w-64')}>
                    <JsonCell value={entry.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {audit.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            size="sm"
            disabled={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            {audit.isFetchingNextPage ? 'Loading...' : 'Load older entries'}
          </Button>
        </div>
      )}
    </Panel>
  );
}
