import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { DEFAULT_SQLITE_FILE } from './database.ts';

/**
 * A consistent copy of the SQLite database, taken while the site runs: by `npm run backup` once, and
 * by the server every BACKUP_INTERVAL_SECONDS into BACKUP_DIR (jobs.ts, `continuous-backup.ts`).
 *
 * It uses SQLite's online backup API (better-sqlite3's `db.backup`), copying every page in one
 * step inside one read transaction: in WAL mode the site keeps reading and writing meanwhile, and
 * the copy is the database as it was at one instant (every transaction committed before the copy
 * began is in it, none half). The copy is checked (`PRAGMA integrity_check`), made a single
 * self-contained file (journal_mode DELETE), written under a temporary name, synced and renamed,
 * so a backup file that exists is always complete. Restoring is described in the README.
 */

/** Pages per backup step: all of them, so the copy is taken in one read transaction (see above). */
const ALL_PAGES = 0x7fffffff;

export interface BackupResult {
  source: string;
  out: string;
  bytes: number;
  pages: number;
  ms: number;
  /** The process that read the database (the server's rounds run in a child process). */
  pid: number;
  counts: { users: number; ledgerEntries: number; withdrawals: number };
}

/** The SQLite file a DATABASE_URL names (unset: the default file), as the server opens it. */
export function sqliteFileOf(url: string | undefined): string {
  return url?.replace(/^sqlite:(\/\/)?/, '') || DEFAULT_SQLITE_FILE;
}

/** Where backups go unless BACKUP_DIR says: `backups/` beside the database. */
export function defaultBackupDir(source: string): string {
  return join(dirname(source), 'backups');
}

function backupStem(source: string): string {
  return basename(source, extname(source)) || 'rewards';
}

/** `<dir>/<database name>-<UTC time to the second>.db`: names sort as the times they were taken. */
export function backupFileIn(dir: string, source: string, at: Date = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return join(dir, `${backupStem(source)}-${stamp}.db`);
}

export function defaultBackupFile(source: string, at: Date = new Date()): string {
  return backupFileIn(defaultBackupDir(source), source, at);
}

/** The backups of `source` in `dir`, oldest first (their names sort by time). */
export function backupsIn(dir: string, source: string): string[] {
  if (!existsSync(dir)) return [];
  const pattern = new RegExp(
    `^${backupStem(source).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d{8}T\\d{6}Z\\.db$`,
  );
  return readdirSync(dir)
    .filter((name) => pattern.test(name))
    .sort()
    .map((name) => join(dir, name));
}

/** Removes all but the newest `keep` backups of `source` in `dir`; returns the files removed. */
export function pruneBackups(dir: string, source: string, keep: number): string[] {
  const all = backupsIn(dir, source);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const file of old) rmSync(file, { force: true });
  return old;
}

function fsyncPath(path: string) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Copies the SQLite database at `source` to `out` while others may be writing to it. */
export async function backupSqlite(
  source: string,
  out: string,
  opts: { force?: boolean } = {},
): Promise<BackupResult> {
  const from = resolve(source);
  const to = resolve(out);
  if (!existsSync(from))
    throw new Error(`There is no database at ${from} (set DATABASE_URL to the file the site uses).`);
  if (from === to)
    throw new Error('The backup cannot overwrite the database itself; choose another --out file.');
  if (existsSync(to) && !opts.force)
    throw new Error(`${to} exists already; choose another --out file or add --force.`);
  mkdirSync(dirname(to), { recursive: true });

  const started = Date.now();
  const tmp = `${to}.partial-${process.pid}`;
  rmSync(tmp, { force: true });
  const db = new SQLite(from, { fileMustExist: true });
  let pages = 0;
  try {
    db.pragma('busy_timeout = 5000');
    const progress = await db.backup(tmp, { progress: () => ALL_PAGES });
    pages = progress.totalPages;
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  } finally {
    db.close();
  }

  let counts: BackupResult['counts'];
  try {
    const copy = new SQLite(tmp, { fileMustExist: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The copy failed SQLite's integrity check: ${String(check)}`);
      // One self-contained file: no -wal/-shm beside it.
      copy.pragma('journal_mode = DELETE');
      const count = (table: string) => {
        const exists = copy
          .prepare(`select 1 from sqlite_master where type = 'table' and name = ?`)
          .get(table);
        return exists
          ? Number((copy.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n)
          : 0;
      };
      counts = {
        users: count('users'),
        ledgerEntries: count('ledger_entries'),
        withdrawals: count('withdrawals'),
      };
    } finally {
      copy.close();
    }
    fsyncPath(tmp);
    renameSync(tmp, to);
    fsyncPath(dirname(to));
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  return {
    source: from,
    out: to,
    bytes: statSync(to).size,
    pages,
    ms: Date.now() - started,
    counts,
    pid: process.pid,
  };
}
