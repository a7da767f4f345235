import type { FastifyInstance } from 'fastify';
import { scheduledTaskRuns } from './metrics.ts';

/**
 * Claims the current `intervalMs`-long period of a task for this process: true when this process is
 * the one to run its round (`db/task-periods.ts`).
 */
export type PeriodClaim = (task: string, intervalMs: number) => Promise<boolean>;

/** A task `runEvery` keeps, with a round to run at once (tests drive rounds themselves). */
export interface PeriodicTask {
  what: string;
  intervalMs: number;
  /** One round now, unless one is in hand or this period's ran elsewhere; whether it ran here. */
  round(): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Set by the wiring (jobs.ts): a round runs only in the process that claims its period, so a task
     * runs once per period across every process on the database. Unset (a bare host), every round runs.
     */
    claimPeriod?: PeriodClaim;
    /** Every task `runEvery` registered on this app. */
    periodicTasks: PeriodicTask[];
  }
}

/**
 * Runs `task` every `intervalMs` while the app is up: from `onReady` until it closes, a round never
 * overlapping the previous one, and closing waits for the round in hand (`task` gets a signal that is
 * aborted then, to end a long round early). With `app.claimPeriod`, a round runs only if this process
 * claims its period (several processes: once per period, not once per process). A failed round is
 * logged and the next one runs as planned.
 */
export function runEvery(
  app: FastifyInstance,
  intervalMs: number,
  what: string,
  task: (stopping: AbortSignal) => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | null = null;
  const stopping = new AbortController();

  const round = (): Promise<boolean> => {
    if (running) return Promise.resolve(false);
    const claimed = app.claimPeriod ? app.claimPeriod(what, intervalMs) : Promise.resolve(true);
    running = claimed
      .then(async (mine) => {
        if (!mine) return false;
        await task(stopping.signal);
        scheduledTaskRuns.inc({ task: what, outcome: 'ok' });
        return true;
      })
      .catch((err: unknown) => {
        scheduledTaskRuns.inc({ task: what, outcome: 'failed' });
        app.log.error({ err }, `${what} failed`);
        return true;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  if (!app.hasDecorator('periodicTasks')) app.decorate('periodicTasks', []);
  app.periodicTasks.push({ what, intervalMs, round });

  app.addHook('onReady', async () => {
    timer = setInterval(() => void round(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  });
}
