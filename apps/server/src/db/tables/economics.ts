import type { ColumnType } from 'kysely';

/** A count or sum column: bigint, which PostgreSQL hands back as text. */
type Figure = ColumnType<number | string, number | undefined, number>;

/**
 * The figures both economics tables carry per row. For a ledger row (`source` `credit` or `debit`,
 * `name` the kind): `events` entries and `cents` their signed hundredths of R$. For a wall (`source`
 * `wall`, `name` its slug): `events` completions, `cents` the R$ they credited (hundredths),
 * `usd_micros` the USD providers reported (millionths), and the reversals of those completions with
 * what they took back and the seconds between each credit and its reversal.
 */
export interface EconomicsFigures {
  events: Figure;
  cents: Figure;
  usd_micros: Figure;
  reversals: Figure;
  reversed_cents: Figure;
  reversed_usd_micros: Figure;
  reversal_seconds: Figure;
}

/** By UTC quarter hour (migration 0030): written with each ledger entry and each counted postback. */
export interface EconomicsQuartersTable extends EconomicsFigures {
  /** `yyyy-mm-ddThh` of the UTC time. */
  hour: string;
  /** 0–3: the quarter of that hour. */
  quarter: number;
  source: 'credit' | 'debit' | 'wall' | 'payout';
  name: string;
  shard: number;
}

/** By site day: quarter hours moved here once past (modules/economics/rollup.ts). */
export interface EconomicsDaysTable extends EconomicsFigures {
  day: string;
  source: 'credit' | 'debit' | 'wall' | 'payout';
  name: string;
}

/** One row (id 1): `version` moves whenever `economics_days` changes. */
export interface EconomicsSettledTable {
  id: number;
  version: Figure;
}

/** What one Robux costs the operator from a site day on, set in the console. */
export interface RobuxCostsTable {
  /** `yyyy-mm-dd`, a site day. */
  effective_from: string;
  /** Millionths of USD per Robux. */
  micro_usd: number;
  set_by: string;
  set_at: string;
}

/** A warning episode under way (`key`: `margin`, `owed` or `reversals:<wall>`), told to Discord when it began. */
export interface EconomicsAlertsTable {
  key: string;
  since: string;
}

export interface EconomicsTables {
  economics_quarters: EconomicsQuartersTable;
  economics_days: EconomicsDaysTable;
  economics_settled: EconomicsSettledTable;
  robux_costs: RobuxCostsTable;
  economics_alerts: EconomicsAlertsTable;
}
