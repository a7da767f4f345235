import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Gauge } from 'prom-client';
import { backupFileIn, pruneBackups, type BackupResult } from './sqlite-backup.ts';

/**
 * The server's own SQLite backups (jobs.ts schedules a round every BACKUP_INTERVAL_SECONDS, once per
 * period across processes): a fresh copy into the backup folder, then all but the newest
 * BACKUP_KEEP removed. The recovery point is one interval: a lost database is restored from the
 * newest copy (README, Backups). PostgreSQL is backed up by WAL streaming instead (scripts/backup/).
 */

/**
 * When the last backup succeeded, for the "backup too old" alert (docs/operations/alerts.yml).
 * Under `start:cluster` one worker takes each round: the cluster reports the newest (`max`).
 */
export const backupLastSuccess = new Gauge({
  name: 'rewards_backup_last_success_timestamp_seconds',
  help: 'Unix time at which the last backup of the database (taken by this site) succeeded.',
  aggregator: 'max',
});

export interface BackupPlan {
  /** The live database file. */
  source: string;
  dir: string;
  keep: number;
}

/** One round: a copy named by its start time (second resolution; a second copy that second replaces it). */
export async function continuousBackupRound(
  plan: BackupPlan,
  now: () => Date = () => new Date(),
): Promise<BackupResult> {
  const result = await backupInChildProcess(plan.source, backupFileIn(plan.dir, plan.source, now()));
  backupLastSuccess.set(Date.now() / 1000);
  pruneBackups(plan.dir, plan.source, plan.keep);
  return result;
}

/** Built, the child is `dist/sqlite-backup-child.js` beside the bundle; from source, run through tsx. */
const CHILD = import.meta.url.endsWith('.ts')
  ? { file: fileURLToPath(new URL('./sqlite-backup-child.ts', import.meta.url)), flags: ['--import', 'tsx'] }
  : { file: fileURLToPath(new URL('./sqlite-backup-child.js', import.meta.url)), flags: [] };

/**
 * `backupSqlite` in a child process (`sqlite-backup-child.ts`): the copy is one synchronous read of
 * the whole database, which would stop the server's event loop for about a second per 200 MB
 * (long enough for load shedding to refuse requests) and add some 30 MB of page caches to its
 * memory every round (docs/scaling.md, Memory).
 */
function backupInChildProcess(source: string, out: string): Promise<BackupResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...CHILD.flags, CHILD.file, source, out],
      { maxBuffer: 1 << 20 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`The backup failed: ${stderr.trim() || err.message}`));
        else resolve(JSON.parse(stdout) as BackupResult);
      },
    );
  });
}
