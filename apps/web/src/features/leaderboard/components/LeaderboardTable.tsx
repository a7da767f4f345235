import { Trophy } from 'lucide-react';
import type { LeaderboardEntry } from '@rewards/contracts';
import { LevelBadge } from '@/components/level/LevelBadge';
import { DataTable } from '@/components/ui/DataTable';
import { cardRowClass } from '@/components/ui/table-styles';
import { cn } from '@/lib/cn';
import { formatCount, formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';

const podium: Record<number, string> = {
  2: 'bg-slate-300/15 text-slate-200 ring-slate-300/40',
  3: 'bg-amber-700/20 text-amber-200 ring-amber-600/40',
};

function RankBadge({ rank }: { rank: number }) {
  if (rank === 1) {
    return (
      <span
        className="inline-flex size-9 items-center justify-center rounded-full bg-amber-400/15 text-amber-300 ring-1 ring-amber-400/50"
        title={m.leaderboard_first_place()}
      >
        <Trophy aria-hidden="true" className="size-5" data-testid="first-place-trophy" />
        <span className="sr-only">1</span>
      </span>
    );
  }
  return (
    <span
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-full text-sm font-bold tabular-nums',
        podium[rank] ?? 'text-slate-400',
        podium[rank] && 'ring-1',
      )}
    >
      {formatCount(rank)}
    </span>
  );
}

/** Built at render, so the headers follow the language. */
const columns = () => [
  { label: m.leaderboard_rank(), className: 'w-20 px-4 py-3 sm:w-24 sm:px-6' },
  { label: m.leaderboard_username(), className: 'px-2 py-3 sm:px-6' },
  { label: m.leaderboard_robux_earned(), className: 'px-4 py-3 text-right whitespace-nowrap sm:px-6' },
];

interface LeaderboardTableProps {
  entries: LeaderboardEntry[];
  /** The signed-in player, whose row is highlighted. */
  currentUsername: string | null;
}

export function LeaderboardTable({ entries, currentUsername }: LeaderboardTableProps) {
  const me = currentUsername?.toLowerCase();
  return (
    <DataTable look="card" columns={columns()}>
      {entries.map((entry, index) => {
        const rank = index + 1;
        const isMe = entry.username.toLowerCase() === me;
        return (
          <tr
            key={`${rank}-${entry.username}`}
            aria-current={isMe ? 'true' : undefined}
            className={cn(
              cardRowClass,
              rank === 1 && 'bg-amber-400/5',
              isMe && 'bg-emerald-400/10 hover:bg-emerald-400/15',
            )}
          >
            <td className="px-4 py-3 sm:px-6">
              <RankBadge rank={rank} />
            </td>
            <td className="w-full max-w-0 px-2 py-3 sm:px-6">
              {/* The badges go under the name on a phone, so the name keeps the row's width. */}
              <div className="flex min-w-0 flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-2">
                <span
                  className={cn(
                    'max-w-full truncate font-semibold',
                    rank === 1 ? 'text-amber-200' : 'text-white',
                  )}
                  title={entry.username}
                >
                  {entry.username}
                </span>
                <span className="flex flex-wrap items-center gap-1.5 sm:shrink-0 sm:flex-nowrap sm:gap-2">
                  {Number.isInteger(entry.level) && <LevelBadge level={entry.level} />}
                  {isMe && (
                    <span className="shrink-0 rounded-full bg-emerald-400/15 px-2 py-0.5 text-xs font-bold text-emerald-300">
                      {m.leaderboard_you()}
                    </span>
                  )}
                </span>
              </div>
            </td>
            <td className="px-4 py-3 text-right font-bold whitespace-nowrap text-emerald-300 tabular-nums sm:px-6">
              {formatRobux(entry.robuxEarned, { cents: 'always' })}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
