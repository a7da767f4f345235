import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { FifoMutex } from '../shared/fifo-mutex.ts';

/**
 * SQLite for Kysely with group commit (docs/decisions/0007-sqlite-group-commit.md).
 *
 * SQLite has one writer, so every transaction runs on one connection, one after the other, and
 * committing each on its own (writing its changed pages to the WAL) was a large share of a postback
 * or a daily claim. Here each transaction is a savepoint of a shared outer transaction; the outer
 * one is committed once the event loop has run the other requests that arrived meanwhile (or after
 * MAX_GROUP transactions), so one commit carries the work of many. Every caller's
 * `transaction().execute()` resolves only after that commit: an answer is never sent for work that
 * is not committed. A transaction that fails is rolled back to its savepoint without touching the
 * others. A lone transaction commits one event-loop turn after it ends.
 *
 * Statements outside a transaction: a read sees the open group's work (it will be committed before
 * anything waits on it); a write commits the group before it returns.
 */

/** Most transactions committed together; bounds how long the first of them waits. */
export const MAX_GROUP = 64;

/** Prepared statements kept (one per SQL text; queries come from a fixed set of shapes). */
const STATEMENT_CACHE_SIZE = 500;

export interface GroupCommitStats {
  /** Outer transactions committed. */
  commits: number;
  /** Caller transactions committed (inside those). */
  transactions: number;
}

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** One acquisition of the single connection; released exactly once. */
class Lease implements DatabaseConnection {
  released = false;
  inTransaction = false;
  constructor(private readonly driver: GroupCommitSqliteDriver) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return Promise.resolve(this.driver.run<R>(query, this.inTransaction));
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not used with SQLite here');
  }
}

export class GroupCommitSqliteDriver implements Driver {
  readonly stats: GroupCommitStats = { commits: 0, transactions: 0 };
  #mutex = new FifoMutex();
  /** Caller transactions released into the open outer transaction, waiting for its commit. */
  #group: Waiter[] | null = null;
  #commitScheduled = false;
  #statements = new Map<string, SQLite.Statement>();

  constructor(private readonly sqlite: SQLite.Database) {}

  /**
   * Kysely prepares every query anew, and compiling SQL was a large share of a fast request's time;
   * values travel as parameters, so one prepared statement per SQL text is kept and reused.
   */
  #prepare(sql: string): SQLite.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        this.#statements.delete(this.#statements.keys().next().value!);
      }
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return new Lease(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // SQLite may have rolled the open group back on its own (e.g. disk full) since the last statement.
    if (this.#group && !this.sqlite.inTransaction) this.#groupLost();
    if (!this.#group) {
      // Immediate: the group takes the write lock at once (waiting up to busy_timeout for another
      // process). A deferred begin would pin the snapshot of a first read, and another process's
      // commit in between would fail every later write of the group with SQLITE_BUSY_SNAPSHOT.
      this.#control('begin immediate');
      this.#group = [];
    }
    this.#control('savepoint tx');
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    this.#control('release tx');
    lease.inTransaction = false;
    const group = this.#group!;
    const committed = new Promise<void>((resolve, reject) => group.push({ resolve, reject }));
    // Hand the connection on now; this caller hears back when its group is committed.
    this.#release(lease);
    return committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    lease.inTransaction = false;
    // Kysely rolls back after commitTransaction rejected; by then the connection was handed on and
    // #commit already rolled the group back and told every caller. Touching it now would hit the
    // transaction of whoever holds the connection.
    if (lease.released) return;
    if (this.sqlite.inTransaction) {
      this.#control('rollback to tx');
      this.#control('release tx');
    } else {
      this.#groupLost();
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#release(connection as Lease);
  }

  async destroy(): Promise<void> {
    await this.#mutex.lock(); // never commit a transaction that is still running
    if (this.#group) this.#commit();
    this.sqlite.close();
  }

  /** Runs one statement on the connection (the caller holds the lease). */
  run<R>(query: CompiledQuery, inTransaction: boolean): QueryResult<R> {
    const stmt = this.#prepare(query.sql);
    // A write outside a transaction runs in autocommit after the group is committed: it is durable
    // when it returns, and a failed group commit cannot take it along while it reports success.
    if (!inTransaction && this.#group && !stmt.readonly) this.#commit();
    if (stmt.reader) return { rows: stmt.all(query.parameters as unknown[]) as R[] };
    const { changes, lastInsertRowid } = stmt.run(query.parameters as unknown[]);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  #control(sql: string): void {
    this.#prepare(sql).run();
  }

  #release(lease: Lease): void {
    if (lease.released) return;
    lease.released = true;
    if (this.#group) {
      if (this.#group.length >= MAX_GROUP) this.#commit();
      else this.#commitSoon();
    }
    this.#mutex.unlock();
  }

  /**
   * Commits after the event loop has run the other requests that arrived with this one: their
   * transactions join the group meanwhile. A transaction runs start to end without giving way to
   * I/O (SQLite answers synchronously), so waiting for the connection alone would never group any.
   */
  #commitSoon(): void {
    if (this.#commitScheduled) return;
    this.#commitScheduled = true;
    setImmediate(() => {
      this.#commitScheduled = false;
      // Someone holding the connection commits the group when they release it.
      if (this.#group && !this.#mutex.locked) this.#commit();
    });
  }

  #commit(): void {
    const group = this.#group!;
    this.#group = null;
    try {
      this.#control('commit');
    } catch (err) {
      // Whatever happens to the rollback, every caller of the group hears that its work is gone, and
      // nothing is thrown from here (the connection must still be handed on).
      try {
        if (this.sqlite.inTransaction) this.#control('rollback');
      } catch {
        /* the callers get the commit's error */
      }
      for (const w of group) w.reject(err);
      return;
    }
    this.stats.commits += 1;
    this.stats.transactions += group.length;
    for (const w of group) w.resolve();
  }

  /**
   * SQLite rolled the whole outer transaction back itself (e.g. disk full): the work of the group's
   * transactions is gone, and their callers must hear so.
   */
  #groupLost(): void {
    const group = this.#group ?? [];
    this.#group = null;
    const err = new Error('the database rolled the transaction back');
    for (const w of group) w.reject(err);
  }
}

/** Kysely's SQLite dialect with the driver above. */
export class GroupCommitSqliteDialect implements Dialect {
  readonly driver: GroupCommitSqliteDriver;
  constructor(sqlite: SQLite.Database) {
    this.driver = new GroupCommitSqliteDriver(sqlite);
  }
  createDriver(): Driver {
    return this.driver;
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
