import { lazy, Suspense, type ComponentType } from 'react';
import { ArrowDownToLine, Coins, Hourglass, RadioTower, Users } from 'lucide-react';
import { m } from '@/paraglide/messages.js';
import { Card } from '@/components/ui/Card';
import { formatRobux } from '@/lib/format';
import { CardSpinner } from '@/components/ui/CardStates';
import { useOverview } from '../../api/overview';
import { formatCount } from '../format';
import { SectionError } from '../SectionError';
import { EconomicsWarnings } from '../economics/EconomicsWarnings';

// recharts is loaded with the charts only, on this section of the admin page: never in a player's bundle.
const OverviewCharts = lazy(() => import('./OverviewCharts'));

interface Stat {
  label: string;
  value: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  tone: string;
}

export function OverviewSection() {
  const overview = useOverview();
  const totals = overview.data?.totals;

  const stats: Stat[] = totals
    ? [
        {
          label: m.admin_overview_players(),
          value: formatCount(totals.players),
          icon: Users,
          tone: 'text-sky-300 bg-sky-400/10',
        },
        {
          label: m.admin_overview_earned(),
          value: formatRobux(totals.earned),
          icon: Coins,
          tone: 'text-emerald-300 bg-emerald-400/10',
        },
        {
          label: m.admin_overview_withdrawn(),
          value: formatRobux(totals.withdrawn),
          icon: ArrowDownToLine,
          tone: 'text-amber-300 bg-amber-400/10',
        },
        {
          label: m.admin_overview_waiting(),
          value: formatCount(totals.withdrawalsWaiting),
          icon: Hourglass,
          tone: 'text-rose-300 bg-rose-500/10',
        },
        {
          label: m.admin_overview_postbacks_today(),
          value: formatCount(totals.postbacksToday),
          icon: RadioTower,
          tone: 'text-violet-300 bg-violet-400/10',
        },
      ]
    : [];

  return (
    <div className="flex flex-col gap-6">
      <EconomicsWarnings />
      <SectionError
        error={overview.error}
        title={m.admin_overview_load_failed()}
        onRetry={() => void overview.refetch()}
      />
      {overview.isPending && <CardSpinner label={m.admin_overview_loading()} />}
      {totals && (
        <ul
          aria-label={m.admin_overview_totals()}
          className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 2xl:grid-cols-5"
        >
          {stats.map(({ label, value, icon: Icon, tone }) => (
            <li key={label}>
              <Card className="flex h-full items-center gap-3 p-4">
                <span
                  className={`hidden size-10 shrink-0 items-center justify-center rounded-xl sm:inline-flex ${tone}`}
                >
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0">
                  <p className="text-xs font-medium text-slate-400">{label}</p>
                  <p className="truncate text-lg font-extrabold tracking-tight text-white sm:text-xl">
                    {value}
                  </p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {overview.data && (
        <Suspense fallback={<CardSpinner label={m.admin_overview_loading_charts()} />}>
          <OverviewCharts days={overview.data.days} />
        </Suspense>
      )}
    </div>
  );
}
