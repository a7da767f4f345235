import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  loginRequest,
  loginResponse,
  noContent,
  playerRoute,
  publicRoute,
} from '@rewards/contracts';
import { playerOf } from './session-hook.ts';
import { signInOrigin } from '../signals/index.ts';
import { requireHuman } from '../humancheck/index.ts';
import { protectionRoutes } from './protection-routes.ts';
import * as service from './service.ts';
import { sessionsRoutes } from './sessions-routes.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const login = {
    ...publicRoute,
    body: loginRequest,
    response: { 200: loginResponse, ...errorResponses(400, 403, 404, 413, 429, 503) },
  };
  const loginConfig = {
    legacyErrorFields: 'refusals',
    noStore: true,
    // Sign-in asks Roblox for every call: per address.
    limits: [{ max: app.deps.env.RATE_LIMIT_LOGIN_PER_MINUTE, key: 'address' }],
  } satisfies FastifyContextConfig;
  app.post('/login', { schema: login, config: loginConfig }, async (request, reply) => {
    // Turnstile, when configured: before anything asks Roblox or creates an account.
    await requireHuman(app.deps, request, 'login');
    return service.login(
      app.deps,
      request.body,
      signInOrigin(request, reply, app.deps.env),
      request.headers['user-agent'],
    );
  });

  app.post(
    '/logout',
    {
      schema: { ...playerRoute, response: { 204: noContent, ...errorResponses(401) } },
      preHandler: app.requirePlayer,
    },
    async (request, reply) => {
      await service.logout(app.deps, playerOf(request).token);
      return reply.status(204).send();
    },
  );

  await app.register(protectionRoutes);
  await app.register(sessionsRoutes);
};
