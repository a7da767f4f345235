import type { FastifyInstance } from 'fastify';
import { HOLD_SWEEP_MS, releaseDueHolds } from './modules/offers/index.ts';
import { RETENTION_SWEEP_MS, runRetention } from './modules/retention/index.ts';
import { registerGiveawayScheduler } from './modules/rewards/index.ts';
import { startPayoutWorker, type PayoutWorker } from './modules/withdrawals/index.ts';
import { runEvery } from './shared/periodic-task.ts';

/**
 * The site's background work, run by every server process while the app is up (each task is safe in
 * several processes at once): paying offer credits whose hold has passed, removing personal data past
 * retention, picking giveaway winners, and, with PAYOUT_MODE=roblox and PAYOUT_INTERVAL_MS > 0, the
 * payout worker (PAYOUT_INTERVAL_MS=0 leaves payouts to `payout-cli.ts`).
 */
export function registerBackgroundJobs(app: FastifyInstance): void {
  const { deps } = app;
  runEvery(app, HOLD_SWEEP_MS, 'releasing held offer credits', () => releaseDueHolds(deps));
  runEvery(app, RETENTION_SWEEP_MS, 'retention task', () => runRetention(deps));
  registerGiveawayScheduler(app);

  const { env } = deps;
  if (env.PAYOUT_MODE === 'roblox' && env.PAYOUT_INTERVAL_MS > 0) {
    let worker: PayoutWorker | undefined;
    app.addHook('onReady', async () => {
      worker = startPayoutWorker(deps, {
        intervalMs: env.PAYOUT_INTERVAL_MS,
        log: app.log.child({ module: 'payouts' }),
      });
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  }
}
