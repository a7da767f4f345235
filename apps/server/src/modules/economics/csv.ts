import type { EconomicsResponse } from '@rewards/contracts';

/** A CSV field: quoted when it holds a separator, a quote or a line break; a leading =+-@ is defused. */
function field(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: (string | number | boolean | null)[]) => cells.map(field).join(',');

/** The period's figures as CSV: summary, cost by kind, walls, days (one table per block, a blank line between). */
export function economicsCsv(e: EconomicsResponse): string {
  const blocks: string[][] = [
    [
      line(['figure', 'value', 'currency']),
      line(['from', e.from, '']),
      line(['to', e.to, '']),
      line(['time_zone', e.timeZone, '']),
      line(['robux_cost', e.robuxCost, e.currency]),
      line(['revenue', e.revenue, e.currency]),
      line(['cost', e.cost.total, e.currency]),
      line(['margin', e.margin, e.currency]),
      line(['margin_percent', e.marginShare, '']),
      line(['paid_out_gamepass_robux', e.paidOut.gamepassRobux, '']),
      line(['paid_out_group_robux', e.paidOut.groupRobux, '']),
      line(['paid_out_value', e.paidOut.value, e.currency]),
      line(['owed_available_robux', e.owed.available, '']),
      line(['owed_on_hold_robux', e.owed.onHold, '']),
      line(['owed_withdrawals_robux', e.owed.withdrawals, '']),
      line(['negative_balances_robux', e.owed.negative, '']),
      line(['owed_total_robux', e.owed.total, '']),
      line(['owed_value', e.owed.value, e.currency]),
      line(['payout_account_robux', e.owed.payoutRobux, '']),
      line(['group_funds_robux', e.owed.groupFunds, '']),
      line(['owed_covered', e.owed.covered, '']),
    ],
    [line(['kind', 'robux', 'value']), ...e.cost.byKind.map((k) => line([k.kind, k.robux, k.value]))],
    [
      line([
        'wall',
        'completions',
        'revenue',
        'robux',
        'robux_per_usd',
        'reversals',
        'reversal_percent',
        'hours_to_reversal',
        'margin',
      ]),
      ...e.walls.map((w) =>
        line([
          w.slug,
          w.completions,
          w.revenue,
          w.robux,
          w.robuxPerUsd,
          w.reversals,
          w.reversalRate,
          w.hoursToReversal,
          w.margin,
        ]),
      ),
    ],
    [
      line(['day', 'revenue', 'cost', 'margin']),
      ...e.days.map((d) => line([d.day, d.revenue, d.cost, d.margin])),
    ],
  ];
  return `${blocks.map((b) => b.join('\r\n')).join('\r\n\r\n')}\r\n`;
}
