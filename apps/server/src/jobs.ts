import type { FastifyInstance } from 'fastify';
import { continuousBackupRound } from './db/continuous-backup.ts';
import { engineOf } from './db/database.ts';
import { defaultBackupDir, sqliteFileOf } from './db/sqlite-backup.ts';
import { claimTaskPeriod } from './db/task-periods.ts';
import { economicsWarnings, WARNINGS_EVERY_MS } from './modules/economics/index.ts';
import { LEVEL_REWARD_SWEEP_MS, sweepLevelRewards } from './modules/levels/index.ts';
import { HOLD_SWEEP_MS, releaseDueHolds } from './modules/offers/index.ts';
import { RETENTION_SWEEP_MS, runRetention } from './modules/retention/index.ts';
import { registerRaceScheduler } from './modules/races/index.ts';
import { registerGiveawayScheduler } from './modules/rewards/index.ts';
import { payoutRound } from './modules/withdrawals/index.ts';
import { runEvery } from './shared/periodic-task.ts';

/**
 * The site's background work, scheduled in every server process while the app is up: paying offer
 * credits whose hold has passed, paying a new level reward to the players already past its level,
 * removing personal data past retention, picking giveaway winners,
 * continuing repeating races and paying race prizes, with PAYOUT_MODE=roblox and PAYOUT_INTERVAL_MS > 0, the payout worker's rounds
 * (PAYOUT_INTERVAL_MS=0 leaves payouts to `payout-cli.ts`), on SQLite a copy of the database
 * every BACKUP_INTERVAL_SECONDS (`db/continuous-backup.ts`), and the operator's economics warnings
 * (told to Discord once per episode).
 *
 * Each task runs once per period across every process on the database, not once per process: a
 * round runs only in the process that claims its period in `task_runs`, periods counted on the
 * database's clock (docs/decisions/0028-one-site-many-processes.md). Each task is also safe if two
 * rounds ever meet (a slow round still running when the next period's starts elsewhere).
 */
export function registerBackgroundJobs(app: FastifyInstance): void {
  const { deps } = app;
  app.decorate('claimPeriod', (task: string, intervalMs: number) =>
    claimTaskPeriod(deps.db, task, intervalMs),
  );

  runEvery(app, HOLD_SWEEP_MS, 'releasing held offer credits', () => releaseDueHolds(deps));
  runEvery(app, LEVEL_REWARD_SWEEP_MS, 'paying new level rewards', (stopping) =>
    sweepLevelRewards(deps, stopping),
  );
  runEvery(app, RETENTION_SWEEP_MS, 'retention task', () => runRetention(deps));
  runEvery(app, WARNINGS_EVERY_MS, 'economics warnings', () => economicsWarnings(deps, app.log));
  registerGiveawayScheduler(app);
  registerRaceScheduler(app);

  const { env } = deps;
  if (env.PAYOUT_MODE === 'roblox' && env.PAYOUT_INTERVAL_MS > 0) {
    const log = app.log.child({ module: 'payouts' });
    runEvery(app, env.PAYOUT_INTERVAL_MS, 'payout worker round', (stopping) =>
      payoutRound(deps, { log }, stopping),
    );
  }

  const file = sqliteFileOf(env.DATABASE_URL);
  if (engineOf(env.DATABASE_URL) === 'sqlite' && file !== ':memory:' && env.BACKUP_INTERVAL_SECONDS > 0) {
    const plan = { source: file, dir: env.BACKUP_DIR ?? defaultBackupDir(file), keep: env.BACKUP_KEEP };
    runEvery(app, env.BACKUP_INTERVAL_SECONDS * 1000, 'database backup', () => continuousBackupRound(plan));
  }
}
