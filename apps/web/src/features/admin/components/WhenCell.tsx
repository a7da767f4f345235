import { cellClass } from '@/components/ui/table-styles';
import { cn } from '@/lib/cn';
import { formatDateTime, formatShortDateTime } from './format';

/** A table cell with the compact date and time; the full one is in its title. */
export function WhenCell({ iso, className }: { iso: string; className?: string }) {
  return (
    <td
      className={cn(cellClass, 'text-xs whitespace-nowrap text-slate-400', className)}
      title={formatDateTime(iso)}
    >
      {formatShortDateTime(iso)}
    </td>
  );
}
