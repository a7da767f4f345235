import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  playerRoute,
  socialClaimResponse,
  socialParams,
  socialsResponse,
} from '@rewards/contracts';
import { playerOf } from '../auth/index.ts';
import * as service from './service.ts';

export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/socials',
    {
      schema: { ...playerRoute, response: { 200: socialsResponse, ...errorResponses(401) } },
      preHandler: app.requirePlayer,
    },
    async (request) => service.listSocials(app.deps, playerOf(request)),
  );

  app.post(
    '/socials/:id/claim',
    {
      schema: {
        ...playerRoute,
        params: socialParams,
        response: { 200: socialClaimResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requireActivePlayer,
    },
    async (request) => {
      return service.claimSocial(app.deps, playerOf(request), request.params.id);
    },
  );
};
