import type {
  ChangeEvent,
  ComponentProps,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { useId, useState } from 'react';
import { AlertTriangle, ChevronLeft, ChevronRight, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { describeError, formatDateTime, formatShortDateTime } from './format';

/** A titled block of a section. */
export function Panel({
  title,
  description,
  actions,
  children,
  className,
}: {
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('p-4 sm:p-5', className)}>
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            {title && <h3 className="text-lg font-bold text-white">{title}</h3>}
            {description && <p className="mt-0.5 text-sm text-slate-400">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </Card>
  );
}

/** The one place a section shows what went wrong: a failed call, or the text of a failed form check. */
export function SectionError({
  error,
  title,
  onRetry,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}) {
  if (!error) return null;
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-start gap-3 rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-100"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-rose-300" />
      <p className="min-w-0 flex-1">
        {title && <strong className="font-semibold text-rose-200">{title}: </strong>}
        {typeof error === 'string' ? error : describeError(error)}
      </p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry} className="h-8">
          <RotateCw aria-hidden="true" className="size-3.5" /> Retry
        </Button>
      )}
    </div>
  );
}

/** The large spinner of a section or panel that is loading as a whole. */
export function PanelSpinner({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16 text-emerald-400">
      <Spinner className="size-7" label={label} />
    </div>
  );
}

export function LoadingRow({ label }: { label: string }) {
  return (
    <p className="flex items-center gap-2 py-6 text-sm text-slate-400">
      <Spinner className="size-4 text-emerald-400" /> {label}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-slate-400">{children}</p>;
}

type Tone = 'green' | 'red' | 'amber' | 'sky' | 'slate';
const tones: Record<Tone, string> = {
  green: 'bg-emerald-400/10 text-emerald-300 ring-emerald-400/30',
  red: 'bg-rose-500/10 text-rose-300 ring-rose-500/30',
  amber: 'bg-amber-400/10 text-amber-300 ring-amber-400/30',
  sky: 'bg-sky-400/10 text-sky-300 ring-sky-400/30',
  slate: 'bg-slate-700/40 text-slate-300 ring-slate-600/40',
};

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

const tableClass = 'w-full min-w-full border-separate border-spacing-0 text-left text-sm';
const thClass =
  'border-b border-slate-800 px-2.5 py-2.5 text-xs font-bold tracking-wide whitespace-nowrap text-slate-400 uppercase first:pl-0 last:pr-0';
export const tdClass = 'border-b border-slate-800/70 px-2.5 py-3 align-middle first:pl-0 last:pr-0';

/** A header of a DataTable: its text, or its text for screen readers only (`hidden`), and extra classes. */
export type Column = string | { label: string; className?: string; hidden?: boolean };

/** The console's table: scrolls sideways on narrow screens instead of squeezing the columns. */
export function DataTable({
  columns,
  className,
  headClassName,
  bodyClassName,
  children,
}: {
  columns: readonly Column[];
  className?: string;
  headClassName?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <table className={cn(tableClass, className)}>
        <thead className={headClassName}>
          <tr>
            {columns.map((column) => {
              const {
                label,
                className: extra,
                hidden,
              } = typeof column === 'string' ? { label: column } : column;
              return (
                <th key={label} scope="col" className={cn(thClass, extra)}>
                  {hidden ? <span className="sr-only">{label}</span> : label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={bodyClassName}>{children}</tbody>
      </table>
    </div>
  );
}

/** A table cell with the compact date and time; the full one is in its title. */
export function WhenCell({ iso, className }: { iso: string; className?: string }) {
  return (
    <td
      className={cn(tdClass, 'text-xs whitespace-nowrap text-slate-400', className)}
      title={formatDateTime(iso)}
    >
      {formatShortDateTime(iso)}
    </td>
  );
}

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
        {query.isFetchingNextPage ? 'Loading...' : label}
      </Button>
    </div>
  );
}

/** How many pages `total` items fill (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Previous / Next under a paged table; `children` says where the admin is. */
export function Pager({
  page,
  pages,
  onPage,
  children,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-400">
      <span>{children}</span>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" className="size-4" /> Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </div>
  );
}

/** The small buttons inside table rows. */
export function RowButton({ className, ...props }: ComponentProps<typeof Button>) {
  return <Button size="sm" className={cn('h-8', className)} {...props} />;
}

/** A Retry action for the section's loads that failed, or undefined when none did. */
export function retryFailed(
  ...queries: { isError: boolean; refetch: () => unknown }[]
): (() => void) | undefined {
  const failed = queries.filter((query) => query.isError);
  if (failed.length === 0) return undefined;
  return () => {
    for (const query of failed) void query.refetch();
  };
}

/** Asks `question` first (no question: `false`) and acts only when the admin agrees; true when it acted. */
export function confirmThen(question: string | false, act: () => void): boolean {
  if (question !== false && !window.confirm(question)) return false;
  act();
  return true;
}

const controlClass =
  'min-w-0 rounded-xl border border-slate-700 bg-slate-950/60 px-3 text-sm text-white placeholder:text-slate-500 ' +
  'transition-colors focus:border-emerald-400 focus:outline-none focus:ring-2 focus:ring-emerald-400/30 disabled:opacity-60';

/** The label above a form control, tied to it by id. */
function Labelled({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-xs font-semibold text-slate-300">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A compact labelled input for the console's forms. */
export function Field({
  label,
  hint,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode }) {
  return (
    <Labelled label={label} className={className}>
      {(id) => (
        <>
          <input id={id} className={cn(controlClass, 'h-10 w-full')} {...props} />
          {hint && <p className="text-xs text-slate-500">{hint}</p>}
        </>
      )}
    </Labelled>
  );
}

/** An R$ amount greater than 0, to the cent. */
export function AmountField(props: ComponentProps<typeof Field>) {
  return <Field type="number" inputMode="decimal" min={0.01} step={0.01} {...props} />;
}

export function SelectField({
  label,
  className,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  return (
    <Labelled label={label} className={className}>
      {(id) => (
        <select id={id} className={cn(controlClass, 'h-10 w-full')} {...props}>
          {children}
        </select>
      )}
    </Labelled>
  );
}

export function TextAreaField({
  label,
  className,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  return (
    <Labelled label={label} className={className}>
      {(id) => <textarea id={id} className={cn(controlClass, 'min-h-20 w-full py-2')} {...props} />}
    </Labelled>
  );
}

/** The keys of a form whose values are plain text. */
type TextKeys<T> = { [K in keyof T]: string extends T[K] ? K : never }[keyof T];

/**
 * A form's values: `set(key, value)` changes one, `bind(key)` gives a text field its `value` and
 * `onChange`, `reset()` goes back to the first values.
 */
export function useFormState<T extends object>(initial: T) {
  const [first] = useState(initial);
  const [form, setForm] = useState(first);
  const set = <K extends keyof T>(key: K, value: T[K]) => setForm((old) => ({ ...old, [key]: value }));
  const bind = <K extends TextKeys<T>>(key: K) => ({
    value: form[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, event.target.value as T[K]),
  });
  return { form, set, bind, reset: () => setForm(first) };
}

/** Inline input without a visible label (tables); `aria-label` is required. */
export function InlineInput({
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { 'aria-label': string }) {
  return <input className={cn(controlClass, 'h-9', className)} {...props} />;
}
