import { z } from 'zod';
import { ledgerKind } from './ledger.ts';

/*
 * The operator's economics (the console's Economics section): money in from providers, Robux out to
 * players, the margin, and what the site owes. Money is in the operator's currency with two decimals;
 * R$ as numbers with up to two decimals. Days are site days (SITE_TIME_ZONE).
 */

export const operatorCurrencies = ['USD', 'EUR'] as const;
export const operatorCurrency = z.enum(operatorCurrencies);
export type OperatorCurrency = z.infer<typeof operatorCurrency>;

export const economicsPeriods = ['today', '7d', '30d', 'month', 'custom'] as const;
export type EconomicsPeriod = (typeof economicsPeriods)[number];

const siteDayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a day as yyyy-mm-dd');

/** The longest custom period, in days. */
export const ECONOMICS_MAX_DAYS = 366;

/**
 * GET /api/admin/economics and /api/admin/economics/export: the period. `today`, `7d` and `30d` end
 * today; `month` is a calendar month (`month`, `yyyy-mm`; this month when left out); `custom` runs
 * from `from` to `to`, both included.
 */
export const economicsQuery = z
  .object({
    period: z.enum(economicsPeriods).default('30d'),
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected a month as yyyy-mm')
      .optional(),
    from: siteDayText.optional(),
    to: siteDayText.optional(),
  })
  .refine((q) => q.period !== 'custom' || (q.from !== undefined && q.to !== undefined), {
    message: 'a custom period needs from and to',
    path: ['from'],
  });
export type EconomicsQuery = z.infer<typeof economicsQuery>;

const money = z.number();

export const economicsWall = z.object({
  slug: z.string(),
  name: z.string(),
  /** Credits the provider reported (credited or put on hold). */
  completions: z.number(),
  /** The providers' USD on those credits minus the USD of the ones reversed, in the currency. */
  revenue: money,
  /** R$ those completions credited, before reversals. */
  robux: z.number(),
  /** R$ credited per USD the provider reported; null without USD. */
  robuxPerUsd: z.number().nullable(),
  reversals: z.number(),
  /** Reversals per completion, in %; null without completions. */
  reversalRate: z.number().nullable(),
  /** Mean hours from a credit to its reversal; null without reversals. */
  hoursToReversal: z.number().nullable(),
  /** Revenue minus the R$ kept (credited minus reversed) at the Robux cost. */
  margin: money,
});
export type EconomicsWall = z.infer<typeof economicsWall>;

export const economicsDay = z.object({
  day: z.string(),
  revenue: money,
  cost: money,
  margin: money,
});
export type EconomicsDay = z.infer<typeof economicsDay>;

/** GET /api/admin/economics: the period's figures. */
export const economicsResponse = z.object({
  currency: operatorCurrency,
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  /** What one Robux costs today, in the currency (ROBUX_COST_USD, or the console's dated cost). */
  robuxCost: z.number(),
  revenue: money,
  cost: z.object({
    total: money,
    /** R$ each kind credited (net of its debits; reversals negative) and their value at each day's cost. */
    byKind: z.array(z.object({ kind: ledgerKind, robux: z.number(), value: money })),
  }),
  /** Robux the payout side spent on paid withdrawals (gamepass prices, group payouts) and their value. */
  paidOut: z.object({
    gamepassRobux: z.number(),
    groupRobux: z.number(),
    value: money,
  }),
  margin: money,
  /** Margin per revenue, in %; null without revenue. */
  marginShare: z.number().nullable(),
  walls: z.array(economicsWall),
  /** What the site owes now, whatever the period. */
  owed: z.object({
    /** R$ in positive balances. */
    available: z.number(),
    /** R$ of offer credits waiting for their hold. */
    onHold: z.number(),
    /** R$ players owe back (negative balances), shown apart and not subtracted. */
    negative: z.number(),
    /** R$ of withdrawals not yet paid or refunded. */
    withdrawals: z.number(),
    /** available + onHold + withdrawals. */
    total: z.number(),
    /** `total` at today's cost. */
    value: money,
    /** The payout account's Robux and the group's funds as last read; null when unknown. */
    payoutRobux: z.number().nullable(),
    groupFunds: z.number().nullable(),
    /** Whether those cover `total`; null when neither is known. */
    covered: z.boolean().nullable(),
  }),
  days: z.array(economicsDay),
});
export type EconomicsResponse = z.infer<typeof economicsResponse>;

export const economicsWarningKinds = ['margin', 'reversals', 'owed'] as const;

/** A condition the operator should look at (also told to Discord once per episode). */
export const economicsWarning = z.object({
  kind: z.enum(economicsWarningKinds),
  /** The wall, for `reversals`. */
  wall: z.string().optional(),
  /** The figure that crossed: %, or R$ for `owed`. */
  value: z.number(),
  /** The threshold: %, or R$ the payout account holds for `owed`. */
  limit: z.number(),
  since: z.string(),
});
export type EconomicsWarning = z.infer<typeof economicsWarning>;

/** GET /api/admin/economics/warnings: the warnings under way (margin and reversals over the last 7 days). */
export const economicsWarningsResponse = z.object({ warnings: z.array(economicsWarning) });
export type EconomicsWarningsResponse = z.infer<typeof economicsWarningsResponse>;

/** GET /api/admin/economics/costs: the dated Robux costs, newest first, and the setting's default. */
export const robuxCostsResponse = z.object({
  defaultUsd: z.number(),
  costs: z.array(
    z.object({ effectiveFrom: z.string(), usd: z.number(), setBy: z.string(), setAt: z.string() }),
  ),
});
export type RobuxCostsResponse = z.infer<typeof robuxCostsResponse>;

/** PUT /api/admin/economics/costs: one Robux costs `usd` from site day `effectiveFrom` on. */
export const robuxCostBody = z.object({
  effectiveFrom: siteDayText,
  usd: z.number().positive().max(1),
});
export type RobuxCostBody = z.infer<typeof robuxCostBody>;
