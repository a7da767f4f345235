import type { ReactNode } from 'react';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { m } from '@/paraglide/messages.js';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/toast';

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
        {typeof error === 'string' ? error : errorMessage(error)}
      </p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry} className="h-8">
          <RotateCw aria-hidden="true" className="size-3.5" /> {m.admin_retry()}
        </Button>
      )}
    </div>
  );
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

/** A section's panels, one above the other, under its error box (Retry reloads what failed). */
export function SectionPanels({
  error,
  retry,
  children,
}: {
  error: unknown;
  retry: { isError: boolean; refetch: () => unknown };
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <SectionError error={error} onRetry={retryFailed(retry)} />
      {children}
    </div>
  );
}
