import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequest } from '@rewards/contracts';
import { playerOf } from '../../plugins/authenticate.ts';
import { signInOrigin } from '../signals/index.ts';
import { requireHuman } from '../humancheck/turnstile.ts';
import * as service from './service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/login', { schema: { body: loginRequest } }, async (request, reply) => {
    // Turnstile, when configured: before anything asks Roblox or creates an account.
    await requireHuman(app.deps, request, 'login');
    return service.login(app.deps, request.body, signInOrigin(request, reply, app.deps.env));
  });

  app.post('/logout', { preHandler: app.requirePlayer }, async (request, reply) => {
    await service.logout(app.deps, playerOf(request).token);
    return reply.status(204).send();
  });
};
