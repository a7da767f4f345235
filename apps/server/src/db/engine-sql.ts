import { sql, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './database.ts';
import { prepared } from './prepared.ts';

/*
 * The few places where the two engines need a different statement. Modules call these and never ask
 * which engine runs: SQLite runs one writer at a time (no row locks to take) and has no collations or
 * advisory locks; PostgreSQL needs them.
 */

/** The rows read stay locked for update until the transaction ends (PostgreSQL only). */
export function forUpdate<Q extends { forUpdate(): Q }>(db: Kysely<any>, q: Q): Q {
  return isPostgres(db) ? q.forUpdate() : q;
}

/**
 * Takes the row locks of `q` until the transaction ends (PostgreSQL); nothing at all on SQLite, which
 * runs one writer at a time, so the lock costs it no query.
 */
export async function lockRows(
  db: Kysely<any>,
  q: { forUpdate(): { execute(): Promise<unknown> } },
): Promise<void> {
  if (isPostgres(db)) await q.forUpdate().execute();
}

/**
 * `lockRows` for a query of fixed shape, built once (db/prepared.ts): a named statement on
 * PostgreSQL, nothing at all on SQLite. For the locks every money write takes.
 */
export function preparedRowLock<Args extends unknown[]>(
  build: (db: Kysely<any>, ...args: Args) => { forUpdate(): Compilable<unknown> },
): (db: Kysely<any>, ...args: Args) => Promise<void> {
  const query = prepared((db: Kysely<any>, ...args: Args) => build(db, ...args).forUpdate());
  return async (db, ...args) => {
    if (isPostgres(db)) await query(db, ...args);
  };
}

/**
 * Whether one statement may write several tables: PostgreSQL's data-modifying `with`, which SQLite
 * lacks. Writes that follow one another then go as one statement, one round trip, atomic without a
 * transaction of its own; on SQLite they are statements in a row, each a function call.
 */
export function writesTogether(db: Kysely<any>): boolean {
  return isPostgres(db);
}

/**
 * The id the next row of `table` (an `idColumn` table, db/migration-helpers.ts) takes, for a write that
 * must name a row before inserting it. PostgreSQL draws it from the column's sequence (`serial` names
 * it `<table>_id_seq`): each evaluation draws a new one, so a statement evaluates it once. SQLite
 * computes what its `autoincrement` would give (one past the largest id the table ever had), which
 * holds until the transaction's next insert into the table: SQLite runs one writer at a time.
 */
export function nextId(db: Kysely<any>, table: string): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`nextval(${sql.lit(`${table}_id_seq`)})`
    : sql<number>`(select coalesce(max(v), 0) + 1 from (select max(id) as v from ${sql.table(table)} union all select seq from sqlite_sequence where name = ${sql.lit(table)}))`;
}

/** Shards of a counter that concurrent transactions add to (PostgreSQL); SQLite uses one. */
export const COUNTER_SHARDS = 64;

/**
 * The shard of a sharded counter this connection adds to: on PostgreSQL its backend's pid modulo
 * `COUNTER_SHARDS`, so concurrent transactions (each on its own connection) rarely wait for one
 * another's row; 0 on SQLite, which writes one transaction at a time.
 */
export function connectionShard(db: Kysely<any>): RawBuilder<number> {
  return isPostgres(db) ? sql<number>`pg_backend_pid() % ${sql.lit(COUNTER_SHARDS)}` : sql<number>`0`;
}

/** The rows read stay share-locked until the transaction ends (PostgreSQL only). */
export function forShare<Q extends { forShare(): Q }>(db: Kysely<any>, q: Q): Q {
  return isPostgres(db) ? q.forShare() : q;
}

/** One holder at a time of `key` until the transaction ends (PostgreSQL only). */
export async function advisoryTransactionLock(trx: Kysely<any>, key: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * A lower-case name column in byte order, the form the engine's name index is kept in (migration 0006
 * on PostgreSQL), for ordering and for prefix matches that use that index.
 */
export function nameInByteOrder(db: Kysely<any>, column: string): RawBuilder<string> {
  return isPostgres(db) ? sql<string>`${sql.ref(column)} collate "C"` : sql<string>`${sql.ref(column)}`;
}

/** `column` starts with `prefix` (letters, digits and underscores), using the name index. */
export function startsWith(db: Kysely<any>, column: string, prefix: string): RawBuilder<boolean> {
  return isPostgres(db)
    ? sql<boolean>`${sql.ref(column)} collate "C" like ${prefix.replace(/_/g, '\\_') + '%'}`
    : sql<boolean>`${sql.ref(column)} glob ${prefix + '*'}`;
}

/**
 * Whether rows become visible in the order of their ids. SQLite commits one writer at a time, so
 * they do; PostgreSQL hands ids out at insert and shows rows at commit, so a smaller id can appear
 * after a larger one.
 */
export function idsVisibleInOrder(db: Kysely<any>): boolean {
  return !isPostgres(db);
}

/**
 * The database's clock, `offsetMs` from now, as the ISO-8601 UTC text times are stored in
 * (`2026-11-27T09:15:00.123Z`, which sorts as it compares). For times that several processes
 * compare, such as a payout's lease: each process's own clock may be off, the database's is one.
 */
export function databaseTime(db: Kysely<any>, offsetMs = 0): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`to_char((statement_timestamp() + make_interval(secs => ${offsetMs / 1000})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`${offsetMs / 1000} seconds`})`;
}

/**
 * The number of the `intervalMs`-long period the database's clock is in: its time in ms since 1970
 * divided by `intervalMs`, floored. Processes that compare periods all read the same clock.
 */
export function databasePeriod(db: Kysely<any>, intervalMs: number): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`floor(extract(epoch from statement_timestamp()) * 1000 / ${intervalMs})::bigint`
    : sql<number>`cast((julianday('now') - 2440587.5) * 86400000.0 / ${intervalMs} as integer)`;
}
