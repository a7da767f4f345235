import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, firstStepsResponse, playerRoute } from '@rewards/contracts';
import { playerOf } from '../auth/index.ts';
import { firstSteps } from './service.ts';

export const firstStepsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/first-steps',
    {
      schema: { ...playerRoute, response: { 200: firstStepsResponse, ...errorResponses(401) } },
      preHandler: app.requirePlayer,
    },
    async (request) => firstSteps(app.deps, playerOf(request)),
  );
};
