import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leaderboardRoutes, transactionRoutes, type ActivityOptions } from './routes.ts';

/** Every route of this feature (leaderboard, transaction history), registered under /api by app.ts. */
export const activityApi: FastifyPluginAsyncZod<ActivityOptions> = async (app, opts) => {
  await app.register(leaderboardRoutes, opts);
  await app.register(transactionRoutes);
};
