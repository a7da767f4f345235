import type { LevelStatus } from '@rewards/contracts';
import { cn } from '@/lib/cn';
import { formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';
import { LevelBadge } from './LevelBadge';

/**
 * How far into the current level, from 0 to 1 (1 at the last level). Here rather than beside the
 * contract's schema: importing a function from the contracts would load and build every schema of
 * the shared chunk on each page that shows a level.
 */
function levelProgress(s: Pick<LevelStatus, 'experience' | 'levelStart' | 'nextLevelAt'>): number {
  if (s.nextLevelAt === null) return 1;
  const span = s.nextLevelAt - s.levelStart;
  return span <= 0 ? 1 : Math.min(Math.max((s.experience - s.levelStart) / span, 0), 1);
}

/**
 * A player's level: the badge, a bar of the way to the next level and the amounts it stands for
 * ("R$ 12.50 of R$ 40.00 toward level 3"), or that the highest level is reached. `compact` for the
 * account menu.
 */
export function LevelProgress({ status, compact = false }: { status: LevelStatus; compact?: boolean }) {
  const next = status.nextLevelAt === null ? null : status.level + 1;
  const percent = Math.round(levelProgress(status) * 100);
  const money = (robux: number) => formatRobux(robux, { cents: 'always' });
  return (
    <div className={cn('flex flex-col', compact ? 'gap-1.5' : 'gap-2')} data-testid="level-progress">
      <div className="flex items-center gap-2">
        <LevelBadge level={status.level} className={compact ? undefined : 'px-2.5 py-1 text-sm'} />
        {next === null && <span className="text-xs font-semibold text-violet-200">{m.levels_max()}</span>}
      </div>
      {next !== null && (
        <>
          <div
            role="progressbar"
            aria-label={m.levels_progress_label({ level: String(next) })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className={cn('overflow-hidden rounded-full bg-slate-800', compact ? 'h-1.5' : 'h-2.5')}
          >
            <div className="h-full rounded-full bg-violet-400" style={{ width: `${percent}%` }} />
          </div>
          <p className={cn('text-slate-400 tabular-nums', compact ? 'text-xs' : 'text-sm')}>
            {m.levels_progress({
              earned: money(status.experience),
              next: money(status.nextLevelAt!),
              level: String(next),
            })}
          </p>
        </>
      )}
    </div>
  );
}
