import type { EconomicsDay } from '@rewards/contracts';
import { formatDay, formatMoney } from '@/lib/format';
import { m } from '@/paraglide/messages.js';

// A plain SVG chart: revenue and cost as paired bars per day, the margin as a line. Drawn in a fixed
// coordinate space and scaled to the panel's width (never narrower than that space: a phone scrolls it
// sideways, so its labels stay readable), with no layout measuring and no library.

const WIDTH = 600;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };
const colors = { revenue: '#34d399', cost: '#f59e0b', margin: '#38bdf8', grid: '#1e293b', axis: '#94a3b8' };

export function EconomicsChart({ days, currency }: { days: EconomicsDay[]; currency: string }) {
  const values = days.flatMap((d) => [d.revenue, d.cost, d.margin]);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / span) * plotH;
  const slot = plotW / Math.max(days.length, 1);
  const bar = Math.max(1, Math.min(14, slot / 2.6));
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const ticks = [max, (max + min) / 2, min];
  const labelEvery = Math.ceil(days.length / 8);
  const margin = days
    .map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d.margin).toFixed(1)}`)
    .join('');

  return (
    <figure>
      <div className="overflow-x-auto">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={m.economics_chart_title()}
          className="h-auto w-full min-w-[600px]"
        >
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} stroke={colors.grid} />
              <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill={colors.axis}>
                {formatMoney(t, currency)}
              </text>
            </g>
          ))}
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="#475569" />
          {days.map((d, i) => (
            <g key={d.day}>
              <title>
                {`${formatDay(d.day)}: ${m.economics_chart_revenue()} ${formatMoney(d.revenue, currency)}, ${m.economics_chart_cost()} ${formatMoney(d.cost, currency)}, ${m.economics_chart_margin()} ${formatMoney(d.margin, currency)}`}
              </title>
              <rect
                x={x(i) - bar}
                width={bar}
                y={Math.min(y(d.revenue), y(0))}
                height={Math.abs(y(d.revenue) - y(0))}
                fill={colors.revenue}
                rx="2"
              />
              <rect
                x={x(i)}
                width={bar}
                y={Math.min(y(d.cost), y(0))}
                height={Math.abs(y(d.cost) - y(0))}
                fill={colors.cost}
                rx="2"
              />
              {i % labelEvery === 0 && (
                <text x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill={colors.axis}>
                  {formatDay(d.day)}
                </text>
              )}
            </g>
          ))}
          <path d={margin} fill="none" stroke={colors.margin} strokeWidth="2" />
        </svg>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-300">
        {(
          [
            ['revenue', m.economics_chart_revenue()],
            ['cost', m.economics_chart_cost()],
            ['margin', m.economics_chart_margin()],
          ] as const
        ).map(([key, label]) => (
          <span key={key} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: colors[key] }} />
            {label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
