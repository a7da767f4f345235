import type { ColumnType } from 'kysely';

/**
 * The last period each scheduled task ran in, one row per task (migration 0026): the claim that makes
 * a task run once per period across every server process (`db/task-periods.ts`).
 */
export interface TaskRunsTable {
  /** The task's name, as `runEvery` names it (e.g. `retention task`). */
  task: string;
  /** The period last claimed: the database's time in ms since 1970 divided by `interval_ms`, floored. */
  period: ColumnType<string | number, number, number>;
  interval_ms: number;
  /** When the last period was claimed, on the database's clock (ISO-8601 UTC). */
  started_at: string;
}

export interface JobsTables {
  task_runs: TaskRunsTable;
}
