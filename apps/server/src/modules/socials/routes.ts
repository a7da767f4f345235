import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { socialParams } from '@rewards/contracts';
import { playerOf } from '../../plugins/authenticate.ts';
import * as service from './service.ts';

export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/socials', { preHandler: app.requirePlayer }, async (request) => {
    return service.listSocials(app.deps, playerOf(request));
  });

  app.post(
    '/socials/:id/claim',
    { schema: { params: socialParams }, preHandler: app.requireActivePlayer },
    async (request) => {
      return service.claimSocial(app.deps, playerOf(request), request.params.id);
    },
  );
};
