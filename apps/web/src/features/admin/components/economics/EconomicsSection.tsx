import { useState } from 'react';
import { Download } from 'lucide-react';
import { economicsPeriods, siteDay, type EconomicsPeriod, type EconomicsResponse } from '@rewards/contracts';
import { Card } from '@/components/ui/Card';
import { CardSpinner } from '@/components/ui/CardStates';
import { DataTable } from '@/components/ui/DataTable';
import { SelectField, TextField } from '@/components/ui/FormField';
import { Panel } from '@/components/ui/Panel';
import { buttonClasses } from '@/components/ui/button-styles';
import { cellClass } from '@/components/ui/table-styles';
import {
  formatCount,
  formatDay,
  formatMoney,
  formatPercent,
  formatRobux,
  formatTimeZoneName,
} from '@/lib/format';
import { m } from '@/paraglide/messages.js';
import { economicsCsvUrl, useEconomics, type EconomicsPeriodChoice } from '../../api/economics';
import { useCan } from '../../api/me';
import { SectionError } from '../SectionError';
import { KIND_LABEL } from '../users/UserLedgerDialog';
import { EconomicsChart } from './EconomicsChart';
import { RobuxCostPanel } from './RobuxCostPanel';

const PERIOD_LABEL: Record<EconomicsPeriod, () => string> = {
  today: m.economics_period_today,
  '7d': m.economics_period_7d,
  '30d': m.economics_period_30d,
  month: m.economics_period_month,
  custom: m.economics_period_custom,
};

const numeric = `${cellClass} text-right tabular-nums whitespace-nowrap`;

/** The operator's economics: a period's money in and out, per wall and per day, and what is owed. */
export function EconomicsSection() {
  const [choice, setChoice] = useState<EconomicsPeriodChoice>({ period: '30d' });
  const ready = choice.period !== 'custom' || Boolean(choice.from && choice.to);
  const figures = useEconomics(choice, ready);
  const canEdit = useCan('economics.edit');
  const e = figures.data;

  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-wrap items-end gap-3 p-4">
        <SelectField
          compact
          label={m.economics_period()}
          value={choice.period}
          onChange={(ev) => setChoice({ ...choice, period: ev.target.value as EconomicsPeriod })}
          className="w-44"
        >
          {economicsPeriods.map((p) => (
            <option key={p} value={p}>
              {PERIOD_LABEL[p]()}
            </option>
          ))}
        </SelectField>
        {choice.period === 'month' && (
          <TextField
            compact
            type="month"
            label={m.economics_month()}
            value={choice.month ?? e?.from.slice(0, 7) ?? ''}
            onChange={(ev) => setChoice({ ...choice, month: ev.target.value })}
            className="w-44"
          />
        )}
        {choice.period === 'custom' && (
          <>
            <TextField
              compact
              type="date"
              label={m.economics_from()}
              value={choice.from ?? ''}
              onChange={(ev) => setChoice({ ...choice, from: ev.target.value })}
              className="w-44"
            />
            <TextField
              compact
              type="date"
              label={m.economics_to()}
              value={choice.to ?? ''}
              onChange={(ev) => setChoice({ ...choice, to: ev.target.value })}
              className="w-44"
            />
          </>
        )}
        <a href={economicsCsvUrl(choice)} download className={buttonClasses('secondary', 'sm', 'h-10 gap-2')}>
          <Download aria-hidden="true" className="size-4" /> {m.economics_download_csv()}
        </a>
        {e && (
          <p className="basis-full text-sm text-slate-400">
            {m.economics_days({
              from: formatDay(e.from),
              to: formatDay(e.to),
              zone: formatTimeZoneName(e.timeZone),
            })}
          </p>
        )}
      </Card>

      <SectionError
        error={figures.error}
        title={m.economics_load_failed()}
        onRetry={() => void figures.refetch()}
      />
      {figures.isPending && ready && <CardSpinner label={m.economics_loading()} />}
      {e && <Figures e={e} />}
      {e && <RobuxCostPanel today={siteDay(new Date(), e.timeZone)} canEdit={canEdit} />}
    </div>
  );
}

function Figures({ e }: { e: EconomicsResponse }) {
  const money = (n: number) => formatMoney(n, e.currency);
  const funds =
    e.owed.payoutRobux === null && e.owed.groupFunds === null
      ? null
      : (e.owed.payoutRobux ?? 0) + (e.owed.groupFunds ?? 0);
  const stats = [
    { label: m.economics_revenue(), value: money(e.revenue), hint: m.economics_revenue_hint() },
    {
      label: m.economics_cost(),
      value: money(e.cost.total),
      hint: m.economics_cost_hint({
        cost: formatMoney(e.robuxCost * 1000, e.currency),
        thousand: formatCount(1000),
      }),
    },
    {
      label: m.economics_margin(),
      value: money(e.margin),
      hint: e.marginShare === null ? '—' : m.economics_margin_share({ share: formatPercent(e.marginShare) }),
      tone: e.margin < 0 ? 'text-rose-300' : 'text-emerald-300',
    },
    {
      label: m.economics_paid_out(),
      value: money(e.paidOut.value),
      hint: m.economics_paid_out_hint({
        gamepass: formatRobux(e.paidOut.gamepassRobux),
        group: formatRobux(e.paidOut.groupRobux),
      }),
    },
    { label: m.economics_owed(), value: formatRobux(e.owed.total), hint: money(e.owed.value) },
  ];

  return (
    <>
      <ul
        aria-label={m.economics_section()}
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 2xl:grid-cols-5"
      >
        {stats.map((s) => (
          <li key={s.label} className="last:col-span-2 lg:last:col-span-1">
            <Card className="flex h-full flex-col gap-1 p-4">
              <p className="text-xs font-medium text-slate-400">{s.label}</p>
              <p
                className={`truncate text-lg font-extrabold tracking-tight sm:text-xl ${s.tone ?? 'text-white'}`}
              >
                {s.value}
              </p>
              <p className="text-xs text-slate-400">{s.hint}</p>
            </Card>
          </li>
        ))}
      </ul>

      <Panel
        title={m.economics_chart_title()}
        description={m.economics_chart_description({ zone: formatTimeZoneName(e.timeZone) })}
      >
        <EconomicsChart days={e.days} currency={e.currency} />
      </Panel>

      <Panel title={m.economics_walls()} description={m.economics_walls_description()}>
        <DataTable
          columns={[
            m.economics_col_wall(),
            { label: m.economics_col_completions(), className: 'text-right' },
            { label: m.economics_col_revenue(), className: 'text-right' },
            { label: m.economics_col_robux_credited(), className: 'text-right' },
            { label: m.economics_col_reversals(), className: 'text-right' },
            { label: m.economics_col_margin(), className: 'text-right' },
          ]}
        >
          {e.walls.map((w) => (
            <tr key={w.slug}>
              <th scope="row" className={`${cellClass} font-semibold whitespace-nowrap text-white`}>
                {w.name}
              </th>
              <td className={numeric}>{formatCount(w.completions)}</td>
              <td className={numeric}>{money(w.revenue)}</td>
              <td className={numeric}>
                {formatRobux(w.robux)}
                {w.robuxPerUsd !== null && (
                  <span className="block text-xs text-slate-400">
                    {m.economics_robux_per_usd({ robux: formatCount(w.robuxPerUsd) })}
                  </span>
                )}
              </td>
              <td className={numeric}>
                {formatCount(w.reversals)}
                {w.reversalRate !== null && (
                  <span className="block text-xs text-slate-400">
                    {formatPercent(w.reversalRate)}
                    {w.hoursToReversal !== null &&
                      ` · ${m.economics_hours_to_reversal({ hours: formatCount(w.hoursToReversal) })}`}
                  </span>
                )}
              </td>
              <td className={numeric}>{money(w.margin)}</td>
            </tr>
          ))}
        </DataTable>
      </Panel>

      <div className="grid gap-6 xl:grid-cols-2">
        <Panel title={m.economics_cost_by_kind()} description={m.economics_cost_by_kind_description()}>
          <DataTable
            columns={[
              m.economics_col_kind(),
              { label: m.economics_col_robux(), className: 'text-right' },
              { label: m.economics_col_value(), className: 'text-right' },
            ]}
          >
            {e.cost.byKind.map((k) => (
              <tr key={k.kind}>
                <th scope="row" className={`${cellClass} font-medium text-slate-200 capitalize`}>
                  {(KIND_LABEL[k.kind] ?? (() => k.kind))()}
                </th>
                <td className={numeric}>{formatRobux(k.robux)}</td>
                <td className={numeric}>{money(k.value)}</td>
              </tr>
            ))}
          </DataTable>
        </Panel>

        <Panel title={m.economics_owed_title()} description={m.economics_owed_description()}>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
            {(
              [
                [m.economics_owed_available(), formatRobux(e.owed.available)],
                [m.economics_owed_on_hold(), formatRobux(e.owed.onHold)],
                [m.economics_owed_withdrawals(), formatRobux(e.owed.withdrawals)],
                [m.economics_owed_total(), `${formatRobux(e.owed.total)} · ${money(e.owed.value)}`],
                [m.economics_owed_negative(), formatRobux(e.owed.negative)],
                [m.economics_owed_funds(), funds === null ? m.economics_owed_unknown() : formatRobux(funds)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-400">{label}</dt>
                <dd className="text-right font-semibold whitespace-nowrap text-white tabular-nums">
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {e.owed.covered !== null && (
            <p
              className={`mt-3 inline-flex rounded-lg px-2.5 py-1 text-sm font-semibold ${
                e.owed.covered ? 'bg-emerald-500/15 text-emerald-300' : 'bg-rose-500/15 text-rose-300'
              }`}
            >
              {e.owed.covered ? m.economics_owed_covered() : m.economics_owed_not_covered()}
            </p>
          )}
        </Panel>
      </div>
    </>
  );
}
