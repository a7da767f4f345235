import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminWithdrawalRoutes } from './admin-routes.ts';
import { startPayoutWorker, type PayoutWorker } from './payout-worker.ts';
import { playerWithdrawalRoutes } from './routes.ts';
import { payoutAccountRoutes } from './payout-account/routes.ts';

// For other modules: a ban holds the player's waiting withdrawals (in the ban's transaction), the
// review rules (one entry each) that send a withdrawal to the admin's review, and the profile's
// verification sentence (the session's own, see the bio check) and how a bio is matched.
export { holdWithdrawalsOfBannedPlayer } from './ban-holds.ts';
export { REVIEW_RULES, type ReviewRule, type ReviewContext } from './review-rules.ts';
export { markOwnerProven, referrerNamed, sessionSentence } from './verification-service.ts';

/**
 * Every route of this feature, registered under /api by app.ts, and, with PAYOUT_MODE=roblox, the
 * payout worker inside the server process (PAYOUT_INTERVAL_MS=0 leaves payouts to `payout-cli.ts`).
 */
export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's client reads `success` and `message` from these calls' errors (ours reads `error`):
  // every error answer of this feature carries all three, whichever part of the server made it.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, legacyErrorFields: 'every-error' };
  });

  await app.register(playerWithdrawalRoutes);
  await app.register(adminWithdrawalRoutes);
  await app.register(payoutAccountRoutes);

  const { env } = app.deps;
  if (env.PAYOUT_MODE === 'roblox' && env.PAYOUT_INTERVAL_MS > 0) {
    let worker: PayoutWorker | undefined;
    app.addHook('onReady', async () => {
      worker = startPayoutWorker(app.deps, {
        intervalMs: env.PAYOUT_INTERVAL_MS,
        log: app.log.child({ module: 'payouts' }),
      });
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  }
};
