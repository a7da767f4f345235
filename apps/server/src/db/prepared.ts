import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import { isPostgres } from './database.ts';
import { nameStatement } from './named-statements.ts';

/**
 * A query of fixed shape, built and compiled by Kysely once per engine and then run with new values
 * (docs/decisions/0008-prepared-queries.md). On PostgreSQL it runs as a named statement, parsed and
 * planned once per connection (db/named-statements.ts). Building a query (Kysely's immutable node
 * trees and its compiler) cost about as much as running it on SQLite, on the paths that run most: a
 * postback, a daily claim, every player call's session check.
 *
 * `build` receives stand-ins for its arguments and must only place them in the query as values
 * (`where('id', '=', id)`, `.values({ amount })`): no branching on them and no arithmetic, since it
 * runs once. Each stand-in's place among the compiled parameters is found and filled per call.
 */
export function prepared<Args extends unknown[], Row>(
  build: (db: Kysely<any>, ...args: Args) => Compilable<Row>,
): (db: Kysely<any>, ...args: Args) => Promise<QueryResult<Row>> {
  const compiled: { sqlite?: Template; postgres?: Template } = {};
  return (db, ...args) => {
    const engine = isPostgres(db) ? 'postgres' : 'sqlite';
    const template = (compiled[engine] ??= compileTemplate(db, build, args.length, engine));
    const parameters = template.slots.map((slot, i) =>
      slot < 0 ? template.constants[i] : (args[slot] ?? null),
    );
    return db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters) as CompiledQuery<Row>);
  };
}

/** The first row of a prepared query's answer (like Kysely's `executeTakeFirst`). */
export async function firstRow<Row>(result: Promise<QueryResult<Row>>): Promise<Row | undefined> {
  return (await result).rows[0];
}

/** How many rows a prepared insert, update or delete changed. */
export async function changedRows(result: Promise<QueryResult<unknown>>): Promise<number> {
  return Number((await result).numAffectedRows ?? 0n);
}

interface Template {
  sql: string;
  /** Per compiled parameter: the argument index it takes, or -1 for a constant of the query. */
  slots: number[];
  constants: unknown[];
}

/** `select *`, `returning *` or `"t".*`, which a prepared query may not use (see db/columns.ts). */
const WHOLE_ROW = /(\bselect|\breturning|,)\s+\*|"\.\*/i;

// Stand-ins no real value can equal.
const STAND_IN_PREFIX = `prepared-argument:${randomUUID()}:`;

function compileTemplate<Args extends unknown[]>(
  db: Kysely<any>,
  build: (db: Kysely<any>, ...args: Args) => Compilable<unknown>,
  arity: number,
  engine: 'sqlite' | 'postgres',
): Template {
  const standIns = Array.from({ length: arity }, (_, i) => `${STAND_IN_PREFIX}${i}`) as unknown as Args;
  const query = build(db, ...standIns).compile();
  const slots: number[] = [];
  const seen = new Set<number>();
  for (const p of query.parameters) {
    const slot =
      typeof p === 'string' && p.startsWith(STAND_IN_PREFIX) ? Number(p.slice(STAND_IN_PREFIX.length)) : -1;
    slots.push(slot);
    if (slot >= 0) seen.add(slot);
  }
  // A stand-in that did not come out as a parameter was changed or dropped by `build`.
  if (seen.size !== arity)
    throw new Error(`prepared query uses ${seen.size} of its ${arity} arguments as values`);
  if (WHOLE_ROW.test(query.sql))
    throw new Error('a prepared query lists its columns instead of `*` (db/columns.ts): ' + query.sql);
  if (engine === 'postgres') nameStatement(query.sql);
  return { sql: query.sql, slots, constants: [...query.parameters] };
}
