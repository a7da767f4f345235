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

/** PostgreSQL's "prepared statement … does not exist". */
const UNKNOWN_STATEMENT = '26000';

/**
 * pg's client, running registered SQL texts as named statements. Kysely calls `query(text, values)`;
 * pg prepares a named statement on a connection the first time it runs there and reuses it after.
 *
 * pg remembers which statements it prepared on a connection and never forgets one. When the server
 * no longer has it (a `DISCARD ALL` or `DEALLOCATE`, or pg closing it after failing to convert a
 * value) every later run on that connection would fail. So a run that fails that way, or fails
 * before reaching the server, makes the client forget the statement: it is prepared again next time.
 */
export class NamedStatementClient extends pg.Client {
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const name = typeof config === 'string' && Array.isArray(values) ? names.get(config) : undefined;
    const query = super.query as (...args: unknown[]) => never;
    if (!name) return query.call(this, config, values, callback);
    const named = { name, text: config, values };
    if (typeof callback === 'function') {
      return query.call(this, named, (err: unknown, result: unknown) => {
        if (err) this.#forgetAfter(err, name);
        (callback as (e: unknown, r: unknown) => void)(err, result);
      });
    }
    return (query.call(this, named) as Promise<unknown>).catch((err: unknown) => {
      this.#forgetAfter(err, name);
      throw err;
    }) as never;
  }

  #forgetAfter(err: unknown, name: string): void {
    const code = (err as { code?: unknown } | null)?.code;
    if (code !== undefined && code !== UNKNOWN_STATEMENT) return; // the statement itself is fine
    const connection = (this as unknown as { connection?: { parsedStatements?: Record<string, string> } })
      .connection;
    if (connection?.parsedStatements) delete connection.parsedStatements[name];
  }
}
