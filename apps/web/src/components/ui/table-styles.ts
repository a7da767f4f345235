/** The look of the player pages' tables (leaderboard, transactions), shown inside a Card. */
export const tableStyles = {
  table: 'w-full text-left text-sm',
  head: 'border-b border-slate-800 bg-slate-900/80 text-xs font-semibold tracking-wider text-slate-400 uppercase',
  body: 'divide-y divide-slate-800/80',
  row: 'transition-colors hover:bg-slate-800/40',
} as const;
