/**
 * Counters of this process that a module bumps and `/metrics` reports (Prometheus counters), for
 * events that are deliberately not stored anywhere else. Label values must come from a small set.
 */
export interface CounterDefinition {
  name: string;
  help: string;
  label: string;
}

const definitions = new Map<string, CounterDefinition>();
const values = new Map<string, Map<string, number>>();

export function defineCounter(def: CounterDefinition): (labelValue: string) => void {
  definitions.set(def.name, def);
  const series = values.get(def.name) ?? new Map<string, number>();
  values.set(def.name, series);
  return (labelValue) => series.set(labelValue, (series.get(labelValue) ?? 0) + 1);
}

/** Every defined counter with its series, for `/metrics`. */
export function counterSnapshot(): Array<CounterDefinition & { series: Array<[string, number]> }> {
  return [...definitions.values()].map((d) => ({ ...d, series: [...(values.get(d.name) ?? [])] }));
}
