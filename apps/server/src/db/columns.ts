/**
 * Every column of a table, listed by name, for queries that need the whole row. The object must name
 * each column exactly once (the compiler checks it against the table's type), so a column added to
 * the table must be added here too.
 *
 * Prepared queries list their columns instead of `select *`: PostgreSQL expands `*` when it prepares
 * a named statement, and a column added by a later migration would then fail that statement in the
 * processes still running ("cached plan must not change result type").
 */
export function columnsOf<Table>(columns: Record<keyof Table & string, true>): (keyof Table & string)[] {
  return Object.keys(columns) as (keyof Table & string)[];
}
