import type { FastifyInstance } from 'fastify';
import { scheduledTaskRuns } from './metrics.ts';

/**
 * Runs `task` every `intervalMs` while the app is up: from `onReady` until it closes, a round never
 * overlapping the previous one, and closing waits for the round in hand. A failed round is logged
 * and the next one runs as planned.
 */
export function runEvery(
  app: FastifyInstance,
  intervalMs: number,
  what: string,
  task: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const round = () => {
    if (running) return;
    running = task()
      .then(() => {
        scheduledTaskRuns.inc({ task: what, outcome: 'ok' });
      })
      .catch((err: unknown) => {
        scheduledTaskRuns.inc({ task: what, outcome: 'failed' });
        app.log.error({ err }, `${what} failed`);
      })
      .finally(() => {
        running = null;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(round, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
