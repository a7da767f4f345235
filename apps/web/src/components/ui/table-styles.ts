/**
 * The two looks of a DataTable. `console`: the admin console's lists, ruled rows inside a Panel.
 * `card`: the player pages' tables (leaderboard, transactions), a tinted head filling a Card.
 */
export const tableLooks = {
  console: {
    wrapper: 'relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0',
    table: 'w-full min-w-full border-separate border-spacing-0 text-left text-sm',
    head: '',
    th: 'border-b border-slate-800 px-2.5 py-2.5 text-xs font-bold tracking-wide whitespace-nowrap text-slate-400 uppercase first:pl-0 last:pr-0',
    body: '',
  },
  card: {
    wrapper: 'overflow-x-auto',
    table: 'w-full text-left text-sm',
    head: 'border-b border-slate-800 bg-slate-900/80 text-xs font-semibold tracking-wider text-slate-400 uppercase',
    th: '',
    body: 'divide-y divide-slate-800/80',
  },
} as const;

export type TableLook = keyof typeof tableLooks;

/** A body cell of a `console` table. */
export const cellClass = 'border-b border-slate-800/70 px-2.5 py-3 align-middle first:pl-0 last:pr-0';

/** A body row of a `card` table. */
export const cardRowClass = 'transition-colors hover:bg-slate-800/40';
