import type { FastifyInstance } from 'fastify';
import { runEvery } from '../../shared/periodic-task.ts';
import { settleRaces, startNextRaces } from './prizes.ts';

/** How often repeating races are continued and due prizes decided and paid. */
export const RACE_ROUND_MS = 30_000;

/**
 * Continues repeating races and pays the prizes of races whose hold has passed, on the server. Each
 * step is safe when two processes run it at once (unique next race, one final mark, keyed prizes).
 */
export function registerRaceScheduler(app: FastifyInstance, intervalMs = RACE_ROUND_MS): void {
  runEvery(app, intervalMs, 'race round', async () => {
    await startNextRaces(app.deps);
    const paid = await settleRaces(app.deps);
    if (paid > 0) app.log.info({ paid }, 'race round paid prizes');
  });
}
