import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportRoutes } from './routes.ts';

/** Players' data rights (issue 23): the download of one's data. Registered under /api by app.ts. */
export const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(exportRoutes);
};
