import { Trophy } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { LeaderboardEntry } from '@rewards/contracts';
import { Card } from '@/components/ui/Card';
import { CardEmpty, CardSpinner } from '@/components/ui/CardStates';
import { PageHeader } from '@/components/ui/PageHeader';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { m } from '@/paraglide/messages.js';
import { useLeaderboard } from '../api/leaderboard';
import { LeaderboardTable } from './LeaderboardTable';
import { RaceBoard } from './RaceBoard';

type Tab = 'all-time' | 'race';

function AllTime() {
  const session = useSession();
  const { data, isPending } = useLeaderboard();
  const entries: LeaderboardEntry[] = data ?? [];
  return (
    <Card className="overflow-hidden">
      {isPending ? (
        <CardSpinner label={m.leaderboard_loading()} />
      ) : entries.length === 0 ? (
        <CardEmpty icon={Trophy}>{m.leaderboard_empty()}</CardEmpty>
      ) : (
        <LeaderboardTable entries={entries} currentUsername={session?.username ?? null} />
      )}
    </Card>
  );
}

/** The spec's all-time table, and the running race on a tab of its own (`?tab=race`). */
export function LeaderboardPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'race' ? 'race' : 'all-time';
  const tabs: { id: Tab; label: string }[] = [
    { id: 'all-time', label: m.races_tab_all_time() },
    { id: 'race', label: m.races_tab_race() },
  ];

  return (
    <>
      <PageHeader title={m.leaderboard_title()} description={m.leaderboard_description()} icon={Trophy} />
      <div
        role="tablist"
        aria-label={m.races_tabs_label()}
        className="mb-4 inline-flex rounded-xl border border-slate-800 bg-slate-900/70 p-1"
      >
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`leaderboard-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`leaderboard-panel-${t.id}`}
            onClick={() => setParams(t.id === 'race' ? { tab: 'race' } : {}, { replace: true })}
            className={cn(
              'rounded-lg px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-emerald-400',
              tab === t.id ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:text-white',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`leaderboard-panel-${tab}`} aria-labelledby={`leaderboard-tab-${tab}`}>
        {tab === 'race' ? <RaceBoard /> : <AllTime />}
      </div>
    </>
  );
}
