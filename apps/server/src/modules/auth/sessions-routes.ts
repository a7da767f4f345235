import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSessionsResponse,
  errorResponses,
  playerRoute,
  revokeSessionsResponse,
  sessionHandleParams,
} from '@rewards/contracts';
import { playerOf } from './session-hook.ts';
import * as service from './sessions-service.ts';

/** The player's own sessions: list them, sign the others out (with recent proof of ownership). */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account/sessions',
    {
      schema: { ...playerRoute, response: { 200: accountSessionsResponse, ...errorResponses(401) } },
      preHandler: app.requirePlayer,
    },
    async (request) => service.listSessions(app.deps, playerOf(request)),
  );

  app.post(
    '/account/sessions/revoke-others',
    {
      schema: { ...playerRoute, response: { 200: revokeSessionsResponse, ...errorResponses(401, 403) } },
      preHandler: app.requirePlayer,
    },
    async (request) => service.revokeOthers(app.deps, playerOf(request)),
  );

  app.post(
    '/account/sessions/:id/revoke',
    {
      schema: {
        ...playerRoute,
        params: sessionHandleParams,
        response: { 200: revokeSessionsResponse, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requirePlayer,
    },
    async (request) => service.revokeOne(app.deps, playerOf(request), request.params.id),
  );
};
