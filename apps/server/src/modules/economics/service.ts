import {
  ECONOMICS_MAX_DAYS,
  fromCents,
  ledgerKinds,
  type EconomicsDay,
  type EconomicsQuery,
  type EconomicsResponse,
  type EconomicsWall,
  type LedgerKind,
} from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { nextDay, previousDay, siteDay } from '../../shared/clock.ts';
import { badRequest } from '../../shared/errors.ts';
import { ledgerTotals, negativeBalancesKept } from '../ledger/index.ts';
import { costSchedule } from './costs.ts';
import { currencyOf, usd8OfCents, usd8OfMicros } from './money.ts';
import * as repo from './repository.ts';
import { figuresByDay, zeroFigures } from './rollup.ts';

/** Kinds that move R$ between a balance and a withdrawal: not a cost (the payout is, when paid). */
const NOT_COSTS = new Set<LedgerKind>(['withdrawal', 'withdrawal_refund']);
export const COST_KINDS = ledgerKinds.filter((k) => !NOT_COSTS.has(k));

/** The period's first and last site day. */
export function periodDays(q: EconomicsQuery, today: string): { from: string; to: string } {
  switch (q.period) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: previousDay(today, 6), to: today };
    case '30d':
      return { from: previousDay(today, 29), to: today };
    case 'month': {
      const month = q.month ?? today.slice(0, 7);
      const from = `${month}-01`;
      let to = from;
      while (nextDay(to).slice(0, 7) === month) to = nextDay(to);
      return { from, to };
    }
    case 'custom': {
      const from = q.from!;
      const to = q.to!;
      if (Number.isNaN(Date.parse(`${from}T00:00:00Z`)) || Number.isNaN(Date.parse(`${to}T00:00:00Z`))) {
        throw badRequest('from and to must be days that exist.');
      }
      if (to < from) throw badRequest('The period ends before it begins.');
      if (from < previousDay(to, ECONOMICS_MAX_DAYS - 1)) {
        throw badRequest(`A period may cover at most ${ECONOMICS_MAX_DAYS} days.`);
      }
      return { from, to };
    }
  }
}

function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = nextDay(d)) days.push(d);
  return days;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
/** A share in %, one decimal; null without a whole. */
const share = (part: number, whole: number) => (whole === 0 ? null : round((part / whole) * 100, 1));

/**
 * The operator's economics for a period of site days: revenue from the providers' USD, the cost of
 * the R$ credited (each day at that day's Robux cost), the Robux paid out, the margin, each wall's
 * figures, a per-day series, and what the site owes now.
 */
export async function economics(deps: Deps, q: EconomicsQuery): Promise<EconomicsResponse> {
  const zone = deps.env.SITE_TIME_ZONE;
  const now = deps.clock.now();
  const today = siteDay(now, zone);
  const { from, to } = periodDays(q, today);
  const { currency, money, rate } = currencyOf(deps.env);
  const [costOn, rows, walls, owed, totals, negativeCents] = await Promise.all([
    costSchedule(deps),
    figuresByDay(deps, from, to),
    repo.listWalls(deps.db),
    repo.owedFigures(deps.db),
    ledgerTotals(deps.db),
    negativeBalancesKept(deps.db),
  ]);

  const perDay = new Map(eachDay(from, to).map((d) => [d, { revenue: 0, cost: 0 }]));
  const kinds = new Map(COST_KINDS.map((k) => [k, { cents: 0, usd8: 0 }]));
  const wallFigures = new Map<string, ReturnType<typeof zeroFigures> & { margin8: number }>();
  let paidValue = 0;
  const paidRobux = { gamepass: 0, group: 0 };
  for (const r of rows) {
    const day = perDay.get(r.day);
    if (!day) continue;
    const micro = costOn(r.day);
    if (r.source === 'wall') {
      const revenue = usd8OfMicros(r.usd_micros - r.reversed_usd_micros);
      day.revenue += revenue;
      const w = wallFigures.get(r.name) ?? { ...zeroFigures(), margin8: 0 };
      for (const f of repo.FIGURE_NAMES) w[f] += r[f];
      w.margin8 += revenue - usd8OfCents(r.cents - r.reversed_cents, micro);
      wallFigures.set(r.name, w);
      continue;
    }
    if (r.source === 'payout') {
      if (r.name === 'gamepass' || r.name === 'group') paidRobux[r.name] += r.cents / 100;
      paidValue += usd8OfCents(r.cents, micro);
      continue;
    }
    const kind = kinds.get(r.name as LedgerKind);
    if (!kind) continue;
    const cost = usd8OfCents(r.cents, micro);
    kind.cents += r.cents;
    kind.usd8 += cost;
    day.cost += cost;
  }

  const revenue8 = [...perDay.values()].reduce((s, d) => s + d.revenue, 0);
  const cost8 = [...perDay.values()].reduce((s, d) => s + d.cost, 0);
  const days: EconomicsDay[] = [...perDay].map(([day, d]) => ({
    day,
    revenue: money(d.revenue),
    cost: money(d.cost),
    margin: money(d.revenue - d.cost),
  }));

  const names = new Map(walls.map((w) => [w.slug, w.name]));
  const slugs = [...walls.map((w) => w.slug), ...[...wallFigures.keys()].filter((s) => !names.has(s))];
  const wallRows: EconomicsWall[] = slugs.map((slug) => {
    const w = wallFigures.get(slug) ?? { ...zeroFigures(), margin8: 0 };
    return {
      slug,
      name: names.get(slug) ?? slug,
      completions: w.events,
      revenue: money(usd8OfMicros(w.usd_micros - w.reversed_usd_micros)),
      robux: fromCents(w.cents),
      robuxPerUsd: w.usd_micros === 0 ? null : round(w.cents / 100 / (w.usd_micros / 1e6), 2),
      reversals: w.reversals,
      reversalRate: share(w.reversals, w.events),
      hoursToReversal: w.reversals === 0 ? null : round(w.reversal_seconds / w.reversals / 3600, 1),
      margin: money(w.margin8),
    };
  });

  const todayMicro = costOn(today);
  const balanceCents = totals.reduce((s, t) => s + t.cents, 0);
  const availableCents = balanceCents - negativeCents;
  const owedCents = availableCents + owed.onHoldCents + owed.withdrawalCents;
  const funds =
    owed.payoutRobux === null && owed.groupFunds === null
      ? null
      : (owed.payoutRobux ?? 0) + (owed.groupFunds ?? 0);

  return {
    currency,
    timeZone: zone,
    from,
    to,
    robuxCost: round((todayMicro / 1e6) * rate, 6),
    revenue: money(revenue8),
    cost: {
      total: money(cost8),
      byKind: [...kinds].map(([kind, k]) => ({ kind, robux: fromCents(k.cents), value: money(k.usd8) })),
    },
    paidOut: { gamepassRobux: paidRobux.gamepass, groupRobux: paidRobux.group, value: money(paidValue) },
    margin: money(revenue8 - cost8),
    marginShare: share(revenue8 - cost8, revenue8),
    walls: wallRows,
    owed: {
      available: fromCents(availableCents),
      onHold: fromCents(owed.onHoldCents),
      negative: fromCents(negativeCents),
      withdrawals: fromCents(owed.withdrawalCents),
      total: fromCents(owedCents),
      value: money(usd8OfCents(owedCents, todayMicro)),
      payoutRobux: owed.payoutRobux,
      groupFunds: owed.groupFunds,
      covered: funds === null ? null : funds * 100 >= owedCents,
    },
    days,
  };
}
