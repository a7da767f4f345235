import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { giveawayAdminRoutes, giveawayRoutes } from './giveaways/routes.ts';
import { promocodeAdminRoutes, promocodeRoutes } from './promocodes/routes.ts';
import { streakRoutes } from './streak/routes.ts';

/** Every route of this feature, registered under /api by app.ts: the daily streak, promo codes and giveaways, and their admin calls. */
export const rewardsApi: FastifyPluginAsyncZod = async (app) => {
  await app.register(streakRoutes);
  await app.register(promocodeRoutes);
  await app.register(promocodeAdminRoutes);
  await app.register(giveawayRoutes);
  await app.register(giveawayAdminRoutes);
};
