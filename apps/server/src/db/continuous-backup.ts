import { Gauge } from 'prom-client';
import { backupFileIn, backupSqlite, pruneBackups, type BackupResult } from './sqlite-backup.ts';

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
  const result = await backupSqlite(plan.source, backupFileIn(plan.dir, plan.source, now()), { force: true });
  backupLastSuccess.set(Date.now() / 1000);
  pruneBackups(plan.dir, plan.source, plan.keep);
  return result;
}
