import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletionRoutes } from './deletion-routes.ts';
import { exportRoutes } from './routes.ts';

/**
 * Players' data rights: the download of one's data, and deleting one's account (by the player, or by
 * staff on request). Registered under /api by app.ts.
 */
export const dataRightsApi: FastifyPluginAsyncZod = async (app) => {
  await app.register(exportRoutes);
  await app.register(deletionRoutes);
};
