import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, type Dialect, type Transaction } from 'kysely';
import pg from 'pg';
import { trackPool } from '../shared/metrics.ts';
import { NamedStatementClient } from './named-statements.ts';
import type { DB } from './schema.ts';
import { GroupCommitSqliteDialect } from './sqlite-driver.ts';

export type Engine = 'sqlite' | 'postgres';
export type Database = Kysely<DB>;
/** What a repository function runs on: the database, or the caller's transaction. */
export type Db = Database | Transaction<DB>;

// int8 (counts, sums of bigint) and numeric (sum of bigint) arrive as strings by default.
// Our values stay far below 2^53, so plain numbers are exact.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export const DEFAULT_SQLITE_FILE = './data/rewards.db';

export function engineOf(url: string | undefined): Engine {
  return url && /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

export function createDatabase(url: string | undefined, opts: { poolSize?: number } = {}): Database {
  return new Kysely<DB>({ dialect: createDialect(url, opts.poolSize ?? 10) });
}

function createDialect(url: string | undefined, poolSize: number): Dialect {
  if (engineOf(url) === 'postgres') {
    // A request waits at most 5 s for a connection instead of hanging while the database does.
    const pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      connectionTimeoutMillis: 5000,
      // Runs the hot queries as named statements, planned once per connection (decision 0008).
      Client: NamedStatementClient,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    trackPool(pool);
    return new PostgresDialect({ pool });
  }
  const file = url?.replace(/^sqlite:(\/\/)?/, '') || DEFAULT_SQLITE_FILE;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; the durability choice is in docs/decisions/0003.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // An 8 MB page cache keeps hot rows (sessions, balances) out of read syscalls. No mmap:
  // mapped pages count as the process's memory and the database may be larger than the budget.
  sqlite.pragma('cache_size = -8192');
  sqlite.pragma('temp_store = MEMORY');
  return new GroupCommitSqliteDialect(sqlite);
}

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
