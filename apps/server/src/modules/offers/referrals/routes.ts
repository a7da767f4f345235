import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, playerRoute, referralsResponse } from '@rewards/contracts';
import { playerOf } from '../../auth/index.ts';
import * as service from './service.ts';

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/referrals',
    {
      schema: { ...playerRoute, response: { 200: referralsResponse, ...errorResponses(401) } },
      preHandler: app.requirePlayer,
    },
    async (request) =>
      service.getReferrals(app.deps, playerOf(request), `${request.protocol}://${request.host}`),
  );
};
