import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuthRoutes } from './auth-routes.ts';
import { adminOverviewRoutes } from './overview-routes.ts';
import { adminUserRoutes } from './user-routes.ts';

/** The admin console's own routes (staff sign-in and accounts, users, the overview), under /api. */
export const adminApi: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminAuthRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminOverviewRoutes);
};
