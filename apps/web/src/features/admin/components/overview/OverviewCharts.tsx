import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ReactElement } from 'react';
import type { OverviewResponse } from '@rewards/contracts';
import { formatCompact, formatRobux, formatTimeZoneName } from '@/lib/format';
import { useSiteConfig } from '@/lib/site-config';
import { m } from '@/paraglide/messages.js';
import { Panel } from '@/components/ui/Panel';
import { formatCount, formatDay } from '../format';

// Only this module imports recharts; OverviewSection loads it with React.lazy.

type Day = OverviewResponse['days'][number];

const colors = {
  earned: '#34d399',
  withdrawn: '#fbbf24',
  players: '#38bdf8',
  grid: '#1e293b',
  axis: '#94a3b8',
};
const axisTick = { fill: colors.axis, fontSize: 12 };
const tooltipProps = {
  contentStyle: {
    background: '#0f172a',
    border: '1px solid #334155',
    borderRadius: 12,
    color: '#e2e8f0',
    fontSize: 13,
  },
  labelStyle: { color: '#f8fafc', fontWeight: 600 },
  cursor: { fill: 'rgb(148 163 184 / 0.08)', stroke: '#475569' },
};

const xAxisProps = {
  dataKey: 'label',
  tick: axisTick,
  tickLine: false,
  axisLine: { stroke: colors.grid },
  minTickGap: 16,
};

/** The two areas of the R$ chart, each filled with a fading gradient of its colour. */
const moneySeries = [
  { key: 'earned', name: m.admin_chart_earned, fillOpacity: 0.35 },
  { key: 'withdrawn', name: m.admin_chart_withdrawn, fillOpacity: 0.3 },
] as const;
const chartMargin = { top: 8, right: 8, bottom: 0, left: 0 };

/** A titled panel holding one chart that fills its width. */
function ChartPanel({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactElement;
}) {
  return (
    <Panel title={title} description={description}>
      <figure aria-label={title} className="h-64 sm:h-72">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </figure>
    </Panel>
  );
}

export default function OverviewCharts({ days }: { days: Day[] }) {
  const data = days.map((d) => ({ ...d, label: formatDay(d.day) }));
  // The days are the site's (SITE_TIME_ZONE): midnight to midnight there.
  const timeZone = useSiteConfig().data?.timeZone;
  const zone = timeZone ? formatTimeZoneName(timeZone) : '…';
  return (
    <div className="grid gap-6 2xl:grid-cols-2">
      <ChartPanel title={m.admin_chart_money_title()} description={m.admin_chart_money_description({ zone })}>
        <AreaChart data={data} margin={chartMargin}>
          <defs>
            {moneySeries.map((series) => (
              <linearGradient key={series.key} id={`${series.key}Fill`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={colors[series.key]} stopOpacity={series.fillOpacity} />
                <stop offset="100%" stopColor={colors[series.key]} stopOpacity={0} />
              </linearGradient>
            ))}
          </defs>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis {...xAxisProps} />
          <YAxis tick={axisTick} tickLine={false} axisLine={false} width={48} tickFormatter={formatCompact} />
          <Tooltip {...tooltipProps} formatter={(value) => formatRobux(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 13, color: colors.axis }} />
          {moneySeries.map((series) => (
            <Area
              key={series.key}
              type="monotone"
              dataKey={series.key}
              name={series.name()}
              stroke={colors[series.key]}
              strokeWidth={2}
              fill={`url(#${series.key}Fill)`}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ChartPanel>
      <ChartPanel
        title={m.admin_chart_players_title()}
        description={m.admin_chart_players_description({ zone })}
      >
        <BarChart data={data} margin={chartMargin}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis {...xAxisProps} />
          <YAxis
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            width={40}
            allowDecimals={false}
            tickFormatter={formatCompact}
          />
          <Tooltip {...tooltipProps} formatter={(value) => formatCount(Number(value))} />
          <Bar
            dataKey="newPlayers"
            name={m.admin_chart_new_players()}
            fill={colors.players}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ChartPanel>
    </div>
  );
}
