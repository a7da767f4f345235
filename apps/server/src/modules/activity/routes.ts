import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  leaderboardResponse,
  playerRoute,
  publicRoute,
  transactionsQuery,
  transactionsResponse,
  type LeaderboardResponse,
} from '@rewards/contracts';
import { playerOf } from '../auth/index.ts';
import * as service from './service.ts';

export interface ActivityOptions {
  /** How long a leaderboard answer is reused; defaults to LEADERBOARD_TTL_MS. */
  leaderboardTtlMs?: number;
}

export const leaderboardRoutes: FastifyPluginAsyncZod<ActivityOptions> = async (app, opts) => {
  const leaderboard = service.createLeaderboardCache(app.deps, opts.leaderboardTtlMs);

  // Public. The answer is the same for everyone, so it is served from memory for a few seconds.
  const schema = { ...publicRoute, response: { 200: leaderboardResponse, ...errorResponses() } };
  app.get('/leaderboard', { schema }, async (_request, reply) => {
    const json = await leaderboard.get();
    // Already JSON text: Fastify sends a string as it is, so the schema is not applied to it.
    return reply.type('application/json; charset=utf-8').send(json as unknown as LeaderboardResponse);
  });
};

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/transactions',
    {
      schema: {
        ...playerRoute,
        querystring: transactionsQuery,
        response: { 200: transactionsResponse, ...errorResponses(400, 401) },
      },
      preHandler: app.requirePlayer,
    },
    async (request) => {
      return service.listTransactions(app.deps, playerOf(request), request.query);
    },
  );
};
