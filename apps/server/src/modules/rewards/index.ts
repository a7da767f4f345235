import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { giveawayAdminRoutes, giveawayRoutes } from './giveaways/routes.ts';
import { registerGiveawayScheduler } from './giveaways/scheduler.ts';
import { promocodeAdminRoutes, promocodeRoutes } from './promocodes/routes.ts';
import { streakRoutes } from './streak/routes.ts';

export { createPromoCode, listPromoCodes, setPromoCodeActive } from './promocodes/service.ts';
export {
  createGiveaway,
  endGiveawayNow,
  listGiveawayEntries,
  listGiveaways,
  pickWinner,
} from './giveaways/service.ts';

/**
 * Every route of this feature, registered under /api by app.ts: the daily streak, promo codes and
 * giveaways, their admin calls, and the scheduler that picks giveaway winners on the server.
 */
export const rewardsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(streakRoutes);
  await app.register(promocodeRoutes);
  await app.register(promocodeAdminRoutes);
  await app.register(giveawayRoutes);
  await app.register(giveawayAdminRoutes);
  registerGiveawayScheduler(app);
};
