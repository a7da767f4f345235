import { CircleDollarSign, Gift, Star } from 'lucide-react';
import { Card } from '@/components/ui/Card';
import { formatReward } from '@/lib/format';
import { m } from '@/paraglide/messages.js';

// Marketing figures (spec §9: "$1.5M+", "500K+", "4.9/5"), their decimals in the player's language.
const stats = [
  {
    value: () => `$${formatReward(1.5)}M+`,
    label: m.landing_stat_payouts,
    icon: CircleDollarSign,
    tone: 'text-emerald-300 bg-emerald-400/10',
  },
  { value: () => '500K+', label: m.landing_stat_rewards, icon: Gift, tone: 'text-sky-300 bg-sky-400/10' },
  {
    value: () => `${formatReward(4.9)}/5`,
    label: m.landing_stat_rating,
    icon: Star,
    tone: 'text-amber-300 bg-amber-400/10',
  },
];

export function StatCards() {
  return (
    <section aria-label={m.landing_stats_label()} className="grid gap-4 sm:grid-cols-3">
      {stats.map(({ value, label, icon: Icon, tone }) => (
        <Card
          key={label()}
          className="flex items-center gap-4 p-5 sm:flex-col sm:items-center sm:p-7 sm:text-center"
        >
          <span className={`inline-flex size-12 shrink-0 items-center justify-center rounded-2xl ${tone}`}>
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <div>
            <p className="text-3xl font-black tracking-tight text-white sm:text-4xl">{value()}</p>
            <p className="text-sm font-medium text-slate-400">{label()}</p>
          </div>
        </Card>
      ))}
    </section>
  );
}
