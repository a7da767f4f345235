import { Trophy } from 'lucide-react';
import type { LeaderboardEntry } from '@rewards/contracts';
import { Card } from '@/components/ui/Card';
import { CardEmpty, CardSpinner } from '@/components/ui/CardStates';
import { PageHeader } from '@/components/ui/PageHeader';
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
          <CardSpinner label="Loading leaderboard" />
        ) : entries.length === 0 ? (
          <CardEmpty icon={Trophy}>{EMPTY_LEADERBOARD_TEXT}</CardEmpty>
        ) : (
          <LeaderboardTable entries={entries} currentUsername={session?.username ?? null} />
        )}
      </Card>
    </>
  );
}
