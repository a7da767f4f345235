import type { Kysely } from 'kysely';

/**
 * `task_runs`: the last period each scheduled task (hold release, retention, giveaway winners, the
 * payout worker's round) ran in, one row per task. A process runs a round only if it moves its task's
 * row to the current period, in one statement (`db/task-periods.ts`), so with several processes on
 * one database each task runs once per period, not once per process.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('task_runs')
    .addColumn('task', 'text', (c) => c.primaryKey())
    .addColumn('period', 'bigint', (c) => c.notNull())
    .addColumn('interval_ms', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('task_runs').execute();
}
