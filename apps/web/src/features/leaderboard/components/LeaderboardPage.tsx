import { Trophy } from 'lucide-react';
import type { LeaderboardEntry } from '@rewards/contracts';
import { Card } from '@/components/ui/Card';
import { CardEmpty, CardSpinner } from '@/components/ui/CardStates';
import { PageHeader } from '@/components/ui/PageHeader';
import { useSession } from '@/lib/session';
import { m } from '@/paraglide/messages.js';
import { useLeaderboard } from '../api/leaderboard';
import { LeaderboardTable } from './LeaderboardTable';

export function LeaderboardPage() {
  const session = useSession();
  const { data, isPending } = useLeaderboard();
  const entries: LeaderboardEntry[] = data ?? [];

  return (
    <>
      <PageHeader title={m.leaderboard_title()} description={m.leaderboard_description()} icon={Trophy} />
      <Card className="overflow-hidden">
        {isPending ? (
          <CardSpinner label={m.leaderboard_loading()} />
        ) : entries.length === 0 ? (
          <CardEmpty icon={Trophy}>{m.leaderboard_empty()}</CardEmpty>
        ) : (
          <LeaderboardTable entries={entries} currentUsername={session?.username ?? null} />
        )}
      </Card>
    </>
  );
}
