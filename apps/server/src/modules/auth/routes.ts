import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequest } from '@rewards/contracts';
import { playerOf } from '../../plugins/authenticate.ts';
import * as service from './service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/login', { schema: { body: loginRequest } }, async (request) => {
    return service.login(app.deps, request.body);
  });

  app.post('/logout', { preHandler: app.requirePlayer }, async (request, reply) => {
    await service.logout(app.deps, playerOf(request).token);
    return reply.status(204).send();
  });
};
