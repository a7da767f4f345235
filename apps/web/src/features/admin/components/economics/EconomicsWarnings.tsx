import { AlertTriangle } from 'lucide-react';
import type { EconomicsWarning } from '@rewards/contracts';
import { formatPercent, formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';
import { useEconomicsWarnings } from '../../api/economics';
import { useCan } from '../../api/me';

function sentence(w: EconomicsWarning): string {
  switch (w.kind) {
    case 'margin':
      return m.economics_warning_margin({ value: formatPercent(w.value), limit: formatPercent(w.limit) });
    case 'reversals':
      return m.economics_warning_reversals({
        wall: w.wall ?? '',
        value: formatPercent(w.value),
        limit: formatPercent(w.limit),
      });
    case 'owed':
      return m.economics_warning_owed({ value: formatRobux(w.value), limit: formatRobux(w.limit) });
  }
}

/** The economics warnings under way, on the overview, for a role that may read the figures. */
export function EconomicsWarnings() {
  const allowed = useCan('economics.read');
  const warnings = useEconomicsWarnings(allowed).data?.warnings ?? [];
  if (!allowed || warnings.length === 0) return null;
  return (
    <section
      aria-label={m.economics_warnings_title()}
      className="rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100"
    >
      <h3 className="mb-1 flex items-center gap-2 font-semibold text-amber-200">
        <AlertTriangle aria-hidden="true" className="size-4" /> {m.economics_warnings_title()}
      </h3>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {warnings.map((w) => (
          <li key={`${w.kind}:${w.wall ?? ''}`}>{sentence(w)}</li>
        ))}
      </ul>
    </section>
  );
}
