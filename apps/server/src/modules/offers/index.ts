import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOfferRoutes } from './admin/routes.ts';
import { releaseDueHolds } from './credits/service.ts';
import { pendingRoutes } from './credits/routes.ts';
import { postbackRoutes } from './postbacks/routes.ts';
import { referralRoutes } from './referrals/routes.ts';
import { wallRoutes } from './walls/routes.ts';

// For other modules: the profile's `pendingRobux`, the admin console's postback list and replay,
// and the credit of other earning features with its referral commission.
export { pendingRobuxOf, releaseDueHolds } from './credits/service.ts';
export { handlePostback, replayPostback } from './postbacks/service.ts';
export { listPostbacks } from './postbacks/repository.ts';
export { creditEarning } from './referrals/service.ts';

/** How often held offer credits whose hold has passed are paid. */
export const HOLD_SWEEP_MS = 60_000;

/** Every route of this feature, registered under /api by app.ts. */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(wallRoutes);
  await app.register(postbackRoutes);
  await app.register(pendingRoutes);
  await app.register(referralRoutes);
  await app.register(adminOfferRoutes);

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      releaseDueHolds(app.deps).catch((err: unknown) =>
        app.log.error({ err }, 'releasing held offer credits failed'),
      );
    }, HOLD_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
};
