import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';
import { m } from '@/paraglide/messages.js';

/** "Lv 4" in a small violet pill; read out as "Level 4". */
export function LevelBadge({ level, className }: { level: number; className?: string }) {
  const label = m.levels_badge_label({ level: String(level) });
  return (
    <span
      data-testid="level-badge"
      title={label}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full bg-violet-400/15 px-2 py-0.5 text-xs font-bold',
        'whitespace-nowrap text-violet-200 ring-1 ring-violet-400/40 tabular-nums',
        className,
      )}
    >
      <Star aria-hidden="true" className="size-3" />
      <span aria-hidden="true">{m.levels_badge({ level: String(level) })}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
