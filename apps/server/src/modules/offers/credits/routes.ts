import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingResponse } from '@rewards/contracts';
import { playerOf } from '../../../plugins/authenticate.ts';
import * as service from './service.ts';

export const pendingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/offers/pending',
    { schema: { response: { 200: pendingResponse } }, preHandler: app.requirePlayer },
    async (request) => ({
      pendingRobux: await service.pendingRobuxOf(app.deps, playerOf(request).id),
    }),
  );
};
