import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountExport, errorResponses, playerRoute } from '@rewards/contracts';
import { playerOf } from '../auth/index.ts';
import * as service from './service.ts';

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  // A banned player may download their data too. Rate-limited per player (plugins/rate-limits.ts).
  app.get(
    '/account/export',
    {
      schema: { ...playerRoute, response: { 200: accountExport, ...errorResponses(401, 429) } },
      preHandler: app.requirePlayer,
    },
    async (request, reply) => {
      const player = playerOf(request);
      const data = await service.exportAccountData(app.deps, player);
      const name = service.exportFileName(player.username, new Date(data.exportedAt));
      // Personal data: no cache keeps a copy.
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="${name}"`);
      return data;
    },
  );
};
