import { Gauge } from 'prom-client';
import type { EconomicsResponse } from '@rewards/contracts';

/*
 * The last 7 days' economics on `/metrics` (prom-client's default registry), as the warnings' look
 * (every five minutes, and at each visit of the console) last computed them: a scrape reads no
 * database. Every process reports the same figures, so the cluster takes one (`max`). Money is in
 * the operator's currency (label `currency`); `wall` takes the walls' slugs, a set the operator
 * configures.
 */

const gauge = (name: string, help: string, labelNames: string[] = []) =>
  new Gauge({ name, help, labelNames, aggregator: 'max' });

const revenue = gauge('rewards_economics_revenue', "Last 7 days' revenue from providers.", ['currency']);
const cost = gauge('rewards_economics_cost', "Last 7 days' cost of the R$ credited.", ['currency']);
const margin = gauge('rewards_economics_margin', "Last 7 days' margin.", ['currency']);
const marginRatio = gauge('rewards_economics_margin_ratio', "Last 7 days' margin per revenue (0–1).");
const owedRobux = gauge(
  'rewards_economics_owed_robux',
  'R$ owed to players now (balances, holds, withdrawals).',
);
const owedCovered = gauge(
  'rewards_economics_owed_covered',
  'Whether the payout account and group hold what is owed (1), not (0); absent when unknown.',
);
const wallRevenue = gauge('rewards_economics_wall_revenue', "A wall's last 7 days' revenue.", [
  'wall',
  'currency',
]);
const wallReversalRatio = gauge(
  'rewards_economics_wall_reversal_ratio',
  "A wall's last 7 days' reversals per completion (0–1).",
  ['wall'],
);

/** Sets the gauges from the last 7 days' figures. */
export function reportWeek(week: EconomicsResponse): void {
  const currency = { currency: week.currency };
  revenue.reset();
  cost.reset();
  margin.reset();
  wallRevenue.reset();
  wallReversalRatio.reset();
  owedCovered.reset();
  revenue.set(currency, week.revenue);
  cost.set(currency, week.cost.total);
  margin.set(currency, week.margin);
  if (week.marginShare === null) marginRatio.reset();
  else marginRatio.set(week.marginShare / 100);
  owedRobux.set(week.owed.total);
  if (week.owed.covered !== null) owedCovered.set(week.owed.covered ? 1 : 0);
  for (const w of week.walls) {
    wallRevenue.set({ wall: w.slug, ...currency }, w.revenue);
    if (w.reversalRate !== null) wallReversalRatio.set({ wall: w.slug }, w.reversalRate / 100);
  }
}
