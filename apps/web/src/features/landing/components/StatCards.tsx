import { CircleDollarSign, Gift, Star } from 'lucide-react';
import { Card } from '@/components/ui/Card';

// Marketing figures (spec §9).
const stats = [
  {
    value: '$1.5M+',
    label: 'Total Payouts',
    icon: CircleDollarSign,
    tone: 'text-emerald-300 bg-emerald-400/10',
  },
  { value: '500K+', label: 'Rewards Claimed', icon: Gift, tone: 'text-sky-300 bg-sky-400/10' },
  { value: '4.9/5', label: 'User Rating', icon: Star, tone: 'text-amber-300 bg-amber-400/10' },
];

export function StatCards() {
  return (
    <section aria-label="Platform statistics" className="grid gap-4 sm:grid-cols-3">
      {stats.map(({ value, label, icon: Icon, tone }) => (
        <Card
          key={label}
          className="flex items-center gap-4 p-5 sm:flex-col sm:items-center sm:p-7 sm:text-center"
        >
          <span className={`inline-flex size-12 shrink-0 items-center justify-center rounded-2xl ${tone}`}>
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <div>
            <p className="text-3xl font-black tracking-tight text-white sm:text-4xl">{value}</p>
            <p className="text-sm font-medium text-slate-400">{label}</p>
          </div>
        </Card>
      ))}
    </section>
  );
}
