import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './Button';
import { tableLooks, type TableLook } from './table-styles';

/** A header of a DataTable: its text, or its text for screen readers only (`hidden`), and extra classes. */
export type Column = string | { label: string; className?: string; hidden?: boolean };

/**
 * The one table of the site: a header row from `columns`, the rows as children. It scrolls sideways
 * on narrow screens instead of squeezing the columns.
 */
export function DataTable({
  columns,
  look = 'console',
  className,
  headClassName,
  bodyClassName,
  children,
}: {
  columns: readonly Column[];
  look?: TableLook;
  className?: string;
  headClassName?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  const styles = tableLooks[look];
  return (
    <div className={styles.wrapper}>
      <table className={cn(styles.table, className)}>
        <thead className={cn(styles.head, headClassName)}>
          <tr>
            {columns.map((column) => {
              const {
                label,
                className: extra,
                hidden,
              } = typeof column === 'string' ? { label: column } : column;
              return (
                <th key={label} scope="col" className={cn(styles.th, extra)}>
                  {hidden ? <span className="sr-only">{label}</span> : label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={cn(styles.body, bodyClassName)}>{children}</tbody>
      </table>
    </div>
  );
}

/** The small buttons inside table rows. */
export function RowButton({ className, ...props }: ComponentProps<typeof Button>) {
  return <Button size="sm" className={cn('h-8', className)} {...props} />;
}
