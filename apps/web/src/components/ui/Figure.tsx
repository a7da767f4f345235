import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** One labelled figure in a grid of figures (a `<dl>`), with an optional line under it (e.g. when it was read). */
export function Figure({
  label,
  value,
  note,
  tone,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  tone?: 'bad' | 'warn';
}) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-800 bg-slate-900/50 px-3 py-2.5">
      <dt className="text-[11px] font-bold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd
        className={cn(
          'mt-0.5 font-semibold break-words text-white tabular-nums',
          tone === 'bad' && 'text-rose-300',
          tone === 'warn' && 'text-amber-200',
        )}
      >
        {value}
      </dd>
      {note && <dd className="mt-0.5 text-xs break-words text-slate-500">{note}</dd>}
    </div>
  );
}
