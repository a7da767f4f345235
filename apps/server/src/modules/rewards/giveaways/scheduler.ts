import type { FastifyInstance } from 'fastify';
import { runEvery } from '../../../shared/periodic-task.ts';
import { pickDueWinners } from './service.ts';

export const GIVEAWAY_SCHEDULER_MS = 15_000;

/**
 * Picks winners of ended giveaways on the server, so a winner never depends on a visitor's browser.
 * Runs every 15 s while the app is up. Several processes may run it at once: the pick itself is
 * race-free.
 */
export function registerGiveawayScheduler(app: FastifyInstance, intervalMs = GIVEAWAY_SCHEDULER_MS): void {
  runEvery(app, intervalMs, 'giveaway scheduler round', async () => {
    const ended = await pickDueWinners(app.deps);
    if (ended > 0) app.log.info({ ended }, 'giveaway scheduler ended giveaways');
  });
}
