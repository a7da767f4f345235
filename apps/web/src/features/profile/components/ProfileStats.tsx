import type { LucideIcon } from 'lucide-react';
import { CalendarDays, CircleCheckBig, Coins, HandCoins, TrendingUp, Users } from 'lucide-react';
import type { ProfileResponse } from '@rewards/contracts';
import { Card } from '@/components/ui/Card';
import { formatCount, formatDate, formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';

function joinedAt(iso: string): string {
  return Number.isNaN(Date.parse(iso)) ? '—' : formatDate(iso);
}

interface Stat {
  /** Names the card for tests and journeys whatever the language (`stat-Balance`). */
  id: string;
  label: string;
  value: string;
  icon: LucideIcon;
  tone: string;
}

const TWO_DECIMALS = { cents: 'always' } as const;

/** The six stat cards (spec §2, Profile); balances with two decimals (spec §9). */
export function ProfileStats({ profile }: { profile: ProfileResponse }) {
  const stats: Stat[] = [
    {
      id: 'Balance',
      label: m.profile_stat_balance(),
      value: formatRobux(profile.robux, TWO_DECIMALS),
      icon: Coins,
      tone: 'text-emerald-300 bg-emerald-400/10',
    },
    {
      id: 'Earned R$',
      label: m.profile_stat_earned(),
      value: formatRobux(profile.earnings, TWO_DECIMALS),
      icon: TrendingUp,
      tone: 'text-sky-300 bg-sky-400/10',
    },
    {
      id: 'Offers Completed',
      label: m.profile_stat_offers(),
      value: formatCount(profile.offersCompleted),
      icon: CircleCheckBig,
      tone: 'text-violet-300 bg-violet-400/10',
    },
    {
      id: 'Referrals Made',
      label: m.profile_stat_referrals(),
      value: formatCount(profile.referralsMade),
      icon: Users,
      tone: 'text-amber-300 bg-amber-400/10',
    },
    {
      id: 'Referrals Earned',
      label: m.profile_stat_referrals_earned(),
      value: formatRobux(profile.referralsEarned, TWO_DECIMALS),
      icon: HandCoins,
      tone: 'text-rose-300 bg-rose-400/10',
    },
    {
      id: 'Joined At',
      label: m.profile_stat_joined(),
      value: joinedAt(profile.joinedAt),
      icon: CalendarDays,
      tone: 'text-slate-200 bg-slate-400/10',
    },
  ];
  return (
    <section aria-label={m.profile_stats_label()} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
      {stats.map(({ id, label, value, icon: Icon, tone }) => (
        <Card key={id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
          <span
            className={`inline-flex size-10 shrink-0 items-center justify-center rounded-xl sm:size-12 sm:rounded-2xl ${tone}`}
          >
            <Icon aria-hidden="true" className="size-5 sm:size-6" />
          </span>
          <div className="min-w-0">
            <p className="text-xs font-medium text-slate-400 sm:text-sm">{label}</p>
            <p
              data-testid={`stat-${id}`}
              className="truncate text-lg font-extrabold tracking-tight text-white tabular-nums sm:text-2xl"
            >
              {value}
            </p>
          </div>
        </Card>
      ))}
    </section>
  );
}
