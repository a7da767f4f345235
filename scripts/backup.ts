/**
 * A consistent copy of the SQLite database, taken while the site runs:
 *
 *   npm run backup                       # → <database folder>/backups/rewards-<UTC time>.db
 *   npm run backup -- --out <file>       # → <file> (refused if it exists, unless --force)
 *
 * The copy is the one the server also takes every BACKUP_INTERVAL_SECONDS
 * (apps/server/src/db/sqlite-backup.ts: online backup API, integrity-checked, renamed into place
 * when complete). Restoring is described in the README.
 *
 * With DATABASE_URL pointing at PostgreSQL it refuses and points to the WAL stream's scripts
 * (scripts/backup/) and to pg_dump.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { engineOf } from '../apps/server/src/db/database.ts';
import { backupSqlite, defaultBackupFile, sqliteFileOf } from '../apps/server/src/db/sqlite-backup.ts';

export { defaultBackupFile, sqliteFileOf };

export const POSTGRES_REFUSAL = [
  'DATABASE_URL points at PostgreSQL: `npm run backup` copies the SQLite database only.',
  'For a continuous backup (a base backup and every WAL record as it is written), run',
  '  scripts/backup/pg-stream.sh <backup folder>      (restore: scripts/backup/pg-restore.sh)',
  'For a one-off snapshot, use pg_dump instead:',
  '  pg_dump --format=custom --file=rewards-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"',
  'and restore into an empty database with:',
  '  pg_restore --no-owner --dbname="$DATABASE_URL" rewards-<time>.dump',
  'See "Backups" in README.md.',
].join('\n');

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
