import type { Db } from './database.ts';
import { databasePeriod, databaseTime } from './engine-sql.ts';

/**
 * Claims the current `intervalMs`-long period of `task` for this process: true for the one caller,
 * of every process on this database, that moved the task's row to it (it runs the round), false for
 * the others (the round already ran in this period). One statement, so the claim is race-free on
 * both engines; periods are counted on the database's clock, so a process whose own clock is off
 * neither runs a round twice nor holds the task back. A changed interval (a new setting) claims at
 * once and counts in the new one from then on.
 */
export async function claimTaskPeriod(db: Db, task: string, intervalMs: number): Promise<boolean> {
  const period = databasePeriod(db, intervalMs);
  const claimed = await db
    .insertInto('task_runs')
    .values({ task, period, interval_ms: intervalMs, started_at: databaseTime(db) })
    .onConflict((oc) =>
      oc
        .column('task')
        .doUpdateSet((eb) => ({
          period: eb.ref('excluded.period'),
          interval_ms: eb.ref('excluded.interval_ms'),
          started_at: eb.ref('excluded.started_at'),
        }))
        .where((eb) =>
          eb.or([
            eb('task_runs.period', '<', eb.ref('excluded.period')),
            eb('task_runs.interval_ms', '<>', eb.ref('excluded.interval_ms')),
          ]),
        ),
    )
    .returning('task')
    .executeTakeFirst();
  return claimed !== undefined;
}
