import type { WallEntry } from '@rewards/contracts';
import { ArrowUpRight, Clock } from 'lucide-react';
import { cn } from '@/lib/cn';
import { m } from '@/paraglide/messages.js';
import { WallLogo } from './WallLogo';

const cardBase =
  'relative flex h-full min-h-44 w-full flex-col items-center justify-center gap-3 rounded-2xl border p-4 text-center sm:p-5';

/**
 * One wall. With a source it is a button that opens the overlay; without one it reads
 * "Coming soon" and does nothing (spec §2, Earn).
 */
export function WallCard({ wall, onOpen }: { wall: WallEntry; onOpen: (wall: WallEntry) => void }) {
  if (!wall.iframeSrc) {
    return (
      <div
        aria-disabled="true"
        data-testid={`wall-${wall.slug}`}
        className={cn(cardBase, 'cursor-not-allowed border-slate-800/70 bg-slate-900/40')}
      >
        <WallLogo name={wall.name} logoUrl={wall.logoUrl} muted />
        <span className="font-bold text-slate-300">{wall.name}</span>
        <span className="inline-flex items-center gap-1.5 rounded-full border border-slate-700 bg-slate-800/70 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-slate-400 sm:px-3">
          <Clock aria-hidden="true" className="size-3.5" />
          {m.earn_coming_soon()}
        </span>
      </div>
    );
  }
  return (
    <button
      type="button"
      data-testid={`wall-${wall.slug}`}
      onClick={() => onOpen(wall)}
      className={cn(
        cardBase,
        'group cursor-pointer border-slate-800 bg-slate-900/70 shadow-xl shadow-black/20 transition-all duration-150',
        'hover:-translate-y-0.5 hover:border-emerald-400/50 hover:bg-slate-900',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
      )}
    >
      <WallLogo name={wall.name} logoUrl={wall.logoUrl} />
      <span className="font-bold text-white">{wall.name}</span>
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-400/10 px-3 py-1 text-xs font-semibold text-emerald-300 ring-1 ring-emerald-400/25 transition-colors group-hover:bg-emerald-400 group-hover:text-slate-950">
        {m.earn_open()}
        <ArrowUpRight aria-hidden="true" className="size-3.5" />
      </span>
    </button>
  );
}
