import { Trophy } from 'lucide-react';
import type { LeaderboardEntry } from '@rewards/contracts';
import { Card } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { useSession } from '@/lib/session';
import { useLeaderboard } from '../api/leaderboard';
import { LeaderboardTable } from './LeaderboardTable';

const EMPTY_LEADERBOARD_TEXT = 'No leaderboard data available.';

export function LeaderboardPage() {
  const session = useSession();
  const { data, isPending } = useLeaderboard();
  const entries: LeaderboardEntry[] = data ?? [];

  return (
    <>
      <PageHeader
        title="Leaderboard"
        description="The top 100 earners on the platform, ranked by Robux earned."
        icon={Trophy}
      />
      <Card className="overflow-hidden">
        {isPending ? (
          <div className="flex justify-center px-6 py-16 text-emerald-300">
            <Spinner label="Loading leaderboard" className="size-7" />
          </div>
        ) : entries.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-slate-800 text-slate-400">
              <Trophy aria-hidden="true" className="size-7" />
            </span>
            <p className="text-slate-300">{EMPTY_LEADERBOARD_TEXT}</p>
          </div>
        ) : (
          <LeaderboardTable entries={entries} currentUsername={session?.username ?? null} />
        )}
      </Card>
    </>
  );
}
