import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminWithdrawalRoutes } from './admin-routes.ts';
import { playerWithdrawalRoutes } from './routes.ts';
import { payoutAccountRoutes } from './payout-account/routes.ts';

/** Every route of this feature, registered under /api by app.ts. */
export const withdrawalsApi: FastifyPluginAsyncZod = async (app) => {
  // The spec's client reads `success` and `message` from these calls' errors (ours reads `error`):
  // every error answer of this feature carries all three, whichever part of the server made it.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, legacyErrorFields: 'every-error' };
  });

  await app.register(playerWithdrawalRoutes);
  await app.register(adminWithdrawalRoutes);
  await app.register(payoutAccountRoutes);
};
