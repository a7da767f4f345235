import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { levelAdminRoutes, levelRoutes } from './routes.ts';

/** Every route of this feature, registered under /api by app.ts: the player's level and the console's level rewards. */
export const levelsApi: FastifyPluginAsyncZod = async (app) => {
  await app.register(levelRoutes);
  await app.register(levelAdminRoutes);
};
