import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGiveawayRequest, giveawayEnterRequest, giveawayIdParams } from '@rewards/contracts';
import type { FastifyRequest } from 'fastify';
import { playerOf, type Player } from '../../../plugins/authenticate.ts';
import * as service from './service.ts';

export const giveawayRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The player behind an optional bearer token; a missing or dead token just means "visitor". */
  async function optionalPlayer(request: FastifyRequest): Promise<Player | null> {
    if (!request.headers.authorization) return null;
    try {
      await app.requirePlayer(request);
      return request.player;
    } catch {
      return null;
    }
  }

  app.get('/giveaway', async (request) =>
    service.getCurrentGiveaway(app.deps, await optionalPlayer(request)),
  );

  // The body's username (spec) is ignored: the session decides who enters.
  app.post(
    '/giveaway/enter',
    { schema: { body: giveawayEnterRequest }, preHandler: app.requireActivePlayer },
    async (request) => service.enterGiveaway(app.deps, playerOf(request)),
  );

  // Anyone may ask: the server decides whether it is time and who wins, once.
  app.post('/giveaway/pick', async () => service.pickCurrentWinner(app.deps));
};

/** The admin console's giveaway calls (cookie session). */
export const giveawayAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/giveaways', { preHandler: app.requireAdmin }, async () => ({
    giveaways: await service.listGiveaways(app.deps),
  }));

  app.post(
    '/admin/giveaways',
    { schema: { body: createGiveawayRequest }, preHandler: app.requireAdmin },
    async (request, reply) => reply.status(201).send(await service.createGiveaway(app.deps, request.body)),
  );

  app.get(
    '/admin/giveaways/:id/entries',
    { schema: { params: giveawayIdParams }, preHandler: app.requireAdmin },
    async (request) => service.listGiveawayEntries(app.deps, request.params.id),
  );

  app.post(
    '/admin/giveaways/:id/end',
    { schema: { params: giveawayIdParams }, preHandler: app.requireAdmin },
    async (request) => service.endGiveawayNow(app.deps, request.params.id),
  );
};
