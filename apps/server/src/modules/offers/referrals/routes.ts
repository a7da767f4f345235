import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralsResponse } from '@rewards/contracts';
import { playerOf } from '../../../plugins/authenticate.ts';
import * as service from './service.ts';

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/referrals',
    { schema: { response: { 200: referralsResponse } }, preHandler: app.requirePlayer },
    async (request) =>
      service.getReferrals(app.deps, playerOf(request), `${request.protocol}://${request.host}`),
  );
};
