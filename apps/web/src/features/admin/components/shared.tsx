import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes, InputHTMLAttributes } from 'react';
import { useId } from 'react';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { describeError } from './format';

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

/** The one place a section shows what went wrong. */
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
        {describeError(error)}
      </p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry} className="h-8">
          <RotateCw aria-hidden="true" className="size-3.5" /> Retry
        </Button>
      )}
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

/** Table wrapper: scrolls sideways on narrow screens instead of squeezing the columns. */
export function TableScroll({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div
      className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
      role={label ? 'region' : undefined}
      aria-label={label}
      tabIndex={label ? 0 : undefined}
    >
      {children}
    </div>
  );
}

export const tableClass = 'w-full min-w-full border-separate border-spacing-0 text-left text-sm';
export const thClass =
  'border-b border-slate-800 px-2.5 py-2.5 text-xs font-bold tracking-wide whitespace-nowrap text-slate-400 uppercase first:pl-0 last:pr-0';
export const tdClass = 'border-b border-slate-800/70 px-2.5 py-3 align-middle first:pl-0 last:pr-0';

const controlClass =
  'min-w-0 rounded-xl border border-slate-700 bg-slate-950/60 px-3 text-sm text-white placeholder:text-slate-500 ' +
  'transition-colors focus:border-emerald-400 focus:outline-none focus:ring-2 focus:ring-emerald-400/30 disabled:opacity-60';

/** A compact labelled input for the console's forms. */
export function Field({
  label,
  hint,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-xs font-semibold text-slate-300">
        {label}
      </label>
      <input id={id} className={cn(controlClass, 'h-10 w-full')} {...props} />
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

export function SelectField({
  label,
  className,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-xs font-semibold text-slate-300">
        {label}
      </label>
      <select id={id} className={cn(controlClass, 'h-10 w-full')} {...props}>
        {children}
      </select>
    </div>
  );
}

export function TextAreaField({
  label,
  className,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-xs font-semibold text-slate-300">
        {label}
      </label>
      <textarea id={id} className={cn(controlClass, 'min-h-20 w-full py-2')} {...props} />
    </div>
  );
}

/** Inline input without a visible label (tables); `aria-label` is required. */
export function InlineInput({
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { 'aria-label': string }) {
  return <input className={cn(controlClass, 'h-9', className)} {...props} />;
}
