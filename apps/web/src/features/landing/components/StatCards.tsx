import type { LucideIcon } from 'lucide-react';
import { CircleDollarSign, Gift, Star, Users, Wallet } from 'lucide-react';
import type { LandingResponse } from '@rewards/contracts';
import { Card } from '@/components/ui/Card';
import { formatCount, formatPercent, formatReward, formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';

interface Stat {
  value: string;
  label: string;
  icon: LucideIcon;
  tone: string;
}

const TONES = [
  'text-emerald-300 bg-emerald-400/10',
  'text-sky-300 bg-sky-400/10',
  'text-amber-300 bg-amber-400/10',
];

/**
 * The three cards: what the site has measured once it has paid enough withdrawals (the server
 * decides, by the operator's threshold); before that, what a new player gets by the site's own
 * settings. Nothing here is a figure of its own.
 */
function statsOf(landing: LandingResponse): Stat[] {
  const { figures, offer } = landing;
  if (figures) {
    return [
      {
        value: formatRobux(figures.robuxPaidOut),
        label: m.landing_stat_paid_out(),
        icon: CircleDollarSign,
      },
      { value: formatCount(figures.rewardsCredited), label: m.landing_stat_rewards_credited(), icon: Gift },
      { value: formatCount(figures.playersPaid), label: m.landing_stat_players_paid(), icon: Users },
    ].map((s, i) => ({ ...s, tone: TONES[i]! }));
  }
  return [
    {
      value: formatRobux(offer.firstDailyReward),
      label: offer.dailyNeedsOffer ? m.landing_stat_first_day_after_offer() : m.landing_stat_first_day(),
      icon: Gift,
    },
    { value: formatRobux(offer.minWithdrawal), label: m.landing_stat_min_withdrawal(), icon: Wallet },
    { value: formatPercent(offer.referralPercent), label: m.landing_stat_referral(), icon: Users },
  ].map((s, i) => ({ ...s, tone: TONES[i]! }));
}

/** The rating line, only when the operator configured a rating and where it was given. */
function Rating({ rating }: { rating: NonNullable<LandingResponse['rating']> }) {
  let source = rating.source;
  try {
    source = new URL(rating.source).hostname.replace(/^www\./, '');
  } catch {
    // The server accepts only https URLs; the text stays as it came otherwise.
  }
  return (
    <p className="mt-4 flex items-center justify-center gap-2 text-sm text-slate-300 sm:col-span-3">
      <Star aria-hidden="true" className="size-4 text-amber-300" />
      <a
        className="underline underline-offset-2 hover:text-white"
        href={rating.source}
        rel="noopener"
        target="_blank"
      >
        {m.landing_rating({ rating: formatReward(rating.value), source })}
      </a>
    </p>
  );
}

export function StatCards({ landing }: { landing: LandingResponse | undefined }) {
  // Until the answer comes, three empty cards keep the page from moving when it does.
  const stats = landing ? statsOf(landing) : null;
  return (
    <section
      aria-label={landing?.figures ? m.landing_stats_measured_label() : m.landing_stats_label()}
      aria-busy={!landing}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        {(stats ?? TONES.map((tone) => ({ value: '', label: '', icon: null, tone }))).map(
          ({ value, label, icon: Icon, tone }, index) => (
            <Card
              key={index}
              className="flex items-center gap-4 p-5 sm:flex-col sm:items-center sm:p-7 sm:text-center"
            >
              <span
                className={`inline-flex size-12 shrink-0 items-center justify-center rounded-2xl ${tone}`}
              >
                {Icon && <Icon aria-hidden="true" className="size-6" />}
              </span>
              <div className="min-h-14 sm:min-h-16">
                <p className="text-3xl font-black tracking-tight text-white sm:text-4xl">{value}</p>
                <p className="text-sm font-medium text-slate-400">{label}</p>
              </div>
            </Card>
          ),
        )}
      </div>
      {landing?.rating && <Rating rating={landing.rating} />}
    </section>
  );
}
