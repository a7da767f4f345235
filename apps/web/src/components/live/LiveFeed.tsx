import { useRef } from 'react';
import { Radio } from 'lucide-react';
import type { LiveEarning } from '@rewards/contracts';
import { cn } from '@/lib/cn';
import { formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';
import { useLiveFeed } from './useLiveFeed';

function sentence(e: LiveEarning): string {
  const amount = formatRobux(e.amount);
  return e.kind === 'giveaway'
    ? m.live_won_giveaway({ name: e.name, amount })
    : m.live_earned({ name: e.name, amount, source: e.source });
}

/**
 * What players just earned ("Alice… earned R$12 on Lootably"), newest first. Hidden while empty and
 * when the server has the feed switched off. Not a live region: reading every earning aloud would drown
 * the page; earnings that arrive after the first paint fade in (not with reduced motion).
 */
export function LiveFeed({ className }: { className?: string }) {
  const { earnings, off } = useLiveFeed();
  const firstShown = useRef<number | null>(null);
  if (off || earnings.length === 0) return null;
  firstShown.current ??= earnings[0]!.id;
  return (
    <section
      aria-labelledby="live-feed-title"
      data-testid="live-feed"
      className={cn('rounded-2xl border border-slate-800 bg-slate-900/70 p-4', className)}
    >
      <h2 id="live-feed-title" className="mb-3 flex items-center gap-2 text-sm font-bold text-slate-100">
        <Radio aria-hidden="true" className="size-4 text-emerald-400" />
        {m.live_title()}
      </h2>
      <ul className="flex flex-col gap-1.5 text-sm text-slate-300">
        {earnings.map((e) => (
          <li
            key={e.id}
            data-testid="live-earning"
            className={cn(
              'truncate',
              e.id > firstShown.current! && 'motion-safe:animate-[fade-in_400ms_ease-out]',
            )}
          >
            {sentence(e)}
          </li>
        ))}
      </ul>
    </section>
  );
}
