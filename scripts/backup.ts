/**
 * A consistent copy of the SQLite database, taken while the site runs:
 *
 *   npm run backup                       # → <database folder>/backups/rewards-<UTC time>.db
 *   npm run backup -- --out <file>       # → <file> (refused if it exists, unless --force)
 *
 * It uses SQLite's online backup API (better-sqlite3's `db.backup`), copying every page in one
 * step inside one read transaction: in WAL mode the site keeps reading and writing meanwhile, and
 * the copy is the database as it was at one instant (every transaction committed before the copy
 * began is in it, none half). The copy is checked (`PRAGMA integrity_check`), made a single
 * self-contained file (journal_mode DELETE), written under a temporary name, synced and renamed,
 * so a backup file that exists is always complete. Restoring is described in the README.
 *
 * With DATABASE_URL pointing at PostgreSQL it refuses and points to pg_dump.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { DEFAULT_SQLITE_FILE, engineOf } from '../apps/server/src/db/database.ts';

export const POSTGRES_REFUSAL = [
  'DATABASE_URL points at PostgreSQL: `npm run backup` copies the SQLite database only.',
  'Back PostgreSQL up with pg_dump (a consistent snapshot, taken while the site runs):',
  '  pg_dump --format=custom --file=rewards-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"',
  'and restore into an empty database with:',
  '  pg_restore --no-owner --dbname="$DATABASE_URL" rewards-<time>.dump',
  'See "Backups" in README.md.',
].join('\n');

/** Pages per backup step: all of them, so the copy is taken in one read transaction (see above). */
const ALL_PAGES = 0x7fffffff;

export interface BackupResult {
  source: string;
  out: string;
  bytes: number;
  pages: number;
  ms: number;
  counts: { users: number; ledgerEntries: number; withdrawals: number };
}

/** The SQLite file a DATABASE_URL names (unset: the default file), as the server opens it. */
export function sqliteFileOf(url: string | undefined): string {
  return url?.replace(/^sqlite:(\/\/)?/, '') || DEFAULT_SQLITE_FILE;
}

export function defaultBackupFile(source: string, at: Date = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const name = basename(source, extname(source)) || 'rewards';
  return join(dirname(source), 'backups', `${name}-${stamp}.db`);
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
  return { source: from, out: to, bytes: statSync(to).size, pages, ms: Date.now() - started, counts };
}

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', short: 'o' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npm run backup [-- --out <file>] [-- --force]\nCopies the SQLite database named by DATABASE_URL (default ./data/rewards.db).',
    );
    return;
  }
  const url = process.env.DATABASE_URL;
  if (engineOf(url) === 'postgres') {
    console.error(POSTGRES_REFUSAL);
    process.exitCode = 2;
    return;
  }
  const source = sqliteFileOf(url);
  const out = values.out ?? defaultBackupFile(source);
  try {
    const r = await backupSqlite(source, out, { force: values.force });
    console.log(
      `Backed up ${r.source} to ${r.out}: ${(r.bytes / 1024 / 1024).toFixed(1)} MB, ${r.pages} pages, ` +
        `${r.counts.users} users, ${r.counts.ledgerEntries} ledger entries, ${r.counts.withdrawals} withdrawals; ` +
        `integrity ok; ${r.ms} ms.`,
    );
  } catch (err) {
    console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
