import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { socialRoutes } from './routes.ts';

/** Every route of this feature, registered under /api by app.ts. */
export const socialsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(socialRoutes);
};
