import { Counter } from 'prom-client';

/**
 * Counters of this process that a module bumps and `/metrics` reports (prom-client counters on the
 * default registry, shared/metrics.ts), for events that are deliberately not stored anywhere else.
 * Label values must come from a small set.
 */
export interface CounterDefinition {
  name: string;
  help: string;
  label: string;
}

export function defineCounter(def: CounterDefinition): (labelValue: string) => void {
  const counter = new Counter({ name: def.name, help: def.help, labelNames: [def.label] });
  return (labelValue) => counter.inc({ [def.label]: labelValue });
}
