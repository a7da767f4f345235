import pg from 'pg';

/**
 * PostgreSQL named prepared statements for the queries of `prepared()` (docs/decisions/0008).
 * An unnamed statement is parsed and planned again on every run, which was half of the database's
 * time on a postback; a named one is parsed once per connection and its plan is kept.
 *
 * Only SQL texts registered here are named: they are of fixed shape and few. Everything else (the
 * admin's name search, whose plan depends on the pattern, migrations, ad-hoc queries) stays unnamed.
 */
const names = new Map<string, string>();

/** Marks a compiled query's SQL to run as a named statement on PostgreSQL. */
export function nameStatement(sql: string): void {
  if (!names.has(sql)) names.set(sql, `rewards_q${names.size + 1}`);
}

/** The statement name of a registered SQL text, or undefined. */
export function statementName(sql: string): string | undefined {
  return names.get(sql);
}

/**
 * pg's client, running registered SQL texts as named statements. Kysely calls `query(text, values)`;
 * pg prepares a named statement on a connection the first time it runs there and reuses it after.
 */
export class NamedStatementClient extends pg.Client {
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const name = typeof config === 'string' && Array.isArray(values) ? names.get(config) : undefined;
    const query = super.query as (...args: unknown[]) => never;
    if (name) return query.call(this, { name, text: config, values }, callback);
    return query.call(this, config, values, callback);
  }
}
