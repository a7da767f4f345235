import { useState, type FormEvent } from 'react';
import { Panel } from '@/components/ui/Panel';
import { TextField } from '@/components/ui/FormField';
import { Button } from '@/components/ui/Button';
import { formatCount, formatDay, formatMoney } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { useRobuxCosts, useSetRobuxCost } from '../../api/economics';
import { SectionError } from '../SectionError';

/** A cost per Robux as people quote it: per 1,000 (four decimals of a dollar read badly). */
const perThousand = (usd: number) => formatMoney(usd * 1000, 'USD');
const thousand = () => formatCount(1000);

/** The Robux cost's history, and (for a role that may) a new cost per 1,000 Robux from a day on. */
export function RobuxCostPanel({ today, canEdit }: { today: string; canEdit: boolean }) {
  const costs = useRobuxCosts();
  const save = useSetRobuxCost();
  const [usd, setUsd] = useState('');
  const [from, setFrom] = useState(today);

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate(
      { effectiveFrom: from, usd: Number(usd) / 1000 },
      { onSuccess: () => toastSuccess(m.economics_robux_cost_saved()) },
    );
  }

  return (
    <Panel title={m.economics_robux_cost_title()} description={m.economics_robux_cost_description()}>
      <SectionError error={costs.error ?? save.error} title={m.economics_load_failed()} />
      {costs.data && (
        <ul className="mb-4 flex flex-col gap-1 text-sm text-slate-300">
          <li>
            {m.economics_robux_cost_default({
              usd: perThousand(costs.data.defaultUsd),
              thousand: thousand(),
            })}
          </li>
          {costs.data.costs.map((c) => (
            <li key={c.effectiveFrom}>
              {m.economics_robux_cost_entry({
                usd: perThousand(c.usd),
                thousand: thousand(),
                day: formatDay(c.effectiveFrom),
                who: c.setBy,
              })}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <TextField
            compact
            label={m.economics_robux_cost_usd({ thousand: thousand() })}
            type="number"
            inputMode="decimal"
            min={0.001}
            max={1000}
            step="any"
            required
            value={usd}
            onChange={(e) => setUsd(e.target.value)}
            className="w-40"
          />
          <TextField
            compact
            label={m.economics_robux_cost_from()}
            type="date"
            min={today}
            required
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="w-44"
          />
          <Button type="submit" disabled={save.isPending} className="h-10">
            {m.economics_robux_cost_save()}
          </Button>
        </form>
      )}
    </Panel>
  );
}
