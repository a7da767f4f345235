import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type BadgeTone = 'green' | 'red' | 'amber' | 'sky' | 'slate';

const tones: Record<BadgeTone, string> = {
  green: 'bg-emerald-400/10 text-emerald-300 ring-emerald-400/30',
  red: 'bg-rose-500/10 text-rose-300 ring-rose-500/30',
  amber: 'bg-amber-400/10 text-amber-300 ring-amber-400/30',
  sky: 'bg-sky-400/10 text-sky-300 ring-sky-400/30',
  slate: 'bg-slate-700/40 text-slate-300 ring-slate-600/40',
};

/** A short status word in a coloured pill. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
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
