import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, pendingResponse, playerRoute } from '@rewards/contracts';
import { playerOf } from '../../auth/index.ts';
import * as service from './service.ts';

export const pendingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/offers/pending',
    {
      schema: { ...playerRoute, response: { 200: pendingResponse, ...errorResponses(401) } },
      preHandler: app.requirePlayer,
    },
    async (request) => ({
      pendingRobux: await service.pendingRobuxOf(app.deps, playerOf(request).id),
    }),
  );
};
