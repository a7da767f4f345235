import type { FastifyInstance } from 'fastify';
import { pickDueWinners } from './service.ts';

export const GIVEAWAY_SCHEDULER_MS = 15_000;

/**
 * Picks winners of ended giveaways on the server, so a winner never depends on a visitor's browser.
 * Runs every 15 s from `onReady` until the app closes; a round never overlaps the previous one.
 * Several processes may run it at once: the pick itself is race-free.
 */
export function registerGiveawayScheduler(app: FastifyInstance, intervalMs = GIVEAWAY_SCHEDULER_MS): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const round = () => {
    if (running) return;
    running = pickDueWinners(app.deps)
      .then((n) => {
        if (n > 0) app.log.info({ ended: n }, 'giveaway scheduler ended giveaways');
      })
      .catch((err: unknown) => app.log.error({ err }, 'giveaway scheduler round failed'))
      .finally(() => {
        running = null;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(round, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
