import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionsQuery } from '@rewards/contracts';
import { playerOf } from '../../plugins/authenticate.ts';
import * as service from './service.ts';

export interface ActivityOptions {
  /** How long a leaderboard answer is reused; defaults to LEADERBOARD_TTL_MS. */
  leaderboardTtlMs?: number;
}

export const leaderboardRoutes: FastifyPluginAsyncZod<ActivityOptions> = async (app, opts) => {
  const leaderboard = service.createLeaderboardCache(app.deps, opts.leaderboardTtlMs);

  // Public. The answer is the same for everyone, so it is served from memory for a few seconds.
  app.get('/leaderboard', async (_request, reply) => {
    const json = await leaderboard.get();
    return reply.type('application/json; charset=utf-8').send(json);
  });
};

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/transactions',
    { schema: { querystring: transactionsQuery }, preHandler: app.requirePlayer },
    async (request) => {
      return service.listTransactions(app.deps, playerOf(request), request.query);
    },
  );
};
