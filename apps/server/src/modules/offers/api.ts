import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOfferRoutes } from './admin/routes.ts';
import { pendingRoutes } from './credits/routes.ts';
import { postbackRoutes } from './postbacks/routes.ts';
import { referralRoutes } from './referrals/routes.ts';
import { wallRoutes } from './walls/routes.ts';

/** Every route of this feature, registered under /api by app.ts. */
export const offersApi: FastifyPluginAsyncZod = async (app) => {
  await app.register(wallRoutes);
  await app.register(postbackRoutes);
  await app.register(pendingRoutes);
  await app.register(referralRoutes);
  await app.register(adminOfferRoutes);
};
