import { Minus, Plus } from 'lucide-react';
import type { PrizeTier } from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { AmountField, TextField } from '@/components/ui/FormField';
import { m } from '@/paraglide/messages.js';

/** A tier as typed: up to which rank, and the R$ each of its ranks wins. */
export interface TierInput {
  to: string;
  prize: string;
}

/** The tiers as the API takes them, ranks following on from 1st; null when one is not valid. */
export function tiersFromInput(tiers: readonly TierInput[]): PrizeTier[] | null {
  const out: PrizeTier[] = [];
  let from = 1;
  for (const t of tiers) {
    const to = Number(t.to);
    const prize = Number(t.prize);
    if (!Number.isInteger(to) || to < from || to > 100 || !(prize > 0)) return null;
    out.push({ from, to, prize });
    from = to + 1;
  }
  return out.length > 0 ? out : null;
}

export function tiersToInput(tiers: readonly PrizeTier[]): TierInput[] {
  return tiers.map((t) => ({ to: String(t.to), prize: String(t.prize) }));
}

/** The prize table's rows: each tier's last rank and prize; its first rank follows the tier before. */
export function PrizeTiersField({
  tiers,
  onChange,
  error,
}: {
  tiers: TierInput[];
  onChange: (tiers: TierInput[]) => void;
  error?: string;
}) {
  const firstRank = (i: number) => (i === 0 ? 1 : Number(tiers[i - 1]!.to) + 1 || i + 1);
  const change = (i: number, patch: Partial<TierInput>) =>
    onChange(tiers.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  return (
    <fieldset className="space-y-3 sm:col-span-2">
      <legend className="mb-2 text-sm font-semibold text-slate-300">{m.races_admin_prizes()}</legend>
      {tiers.map((t, i) => (
        <div key={i} className="grid grid-cols-2 gap-3">
          <TextField
            compact
            type="number"
            min={firstRank(i)}
            max={100}
            label={m.races_admin_tier_to({ from: String(firstRank(i)) })}
            value={t.to}
            onChange={(e) => change(i, { to: e.target.value })}
          />
          <AmountField
            compact
            label={m.races_admin_tier_prize()}
            value={t.prize}
            onChange={(e) => change(i, { prize: e.target.value })}
          />
        </div>
      ))}
      {error && <p className="text-sm font-medium text-rose-300">{error}</p>}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => {
            const next = Number(tiers.at(-1)?.to ?? 0) + 1;
            onChange([...tiers, { to: String(next), prize: '' }]);
          }}
        >
          <Plus aria-hidden="true" className="size-4" /> {m.races_admin_add_tier()}
        </Button>
        {tiers.length > 1 && (
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange(tiers.slice(0, -1))}>
            <Minus aria-hidden="true" className="size-4" /> {m.races_admin_remove_tier()}
          </Button>
        )}
      </div>
    </fieldset>
  );
}
