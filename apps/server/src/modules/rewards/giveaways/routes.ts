import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminGiveaway,
  adminGiveawayEntriesResponse,
  adminGiveawaysResponse,
  adminRoute,
  createGiveawayRequest,
  errorResponses,
  giveawayEnterRequest,
  giveawayPickResponse,
  giveawayResponse,
  idParams,
  playerRoute,
  publicRoute,
} from '@rewards/contracts';
import type { FastifyRequest } from 'fastify';
import { playerOf, type Player } from '../../auth/index.ts';
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

  // Public; with a bearer token, `entered` says whether that player has entered.
  app.get(
    '/giveaway',
    { schema: { ...publicRoute, response: { 200: giveawayResponse, ...errorResponses(404) } } },
    async (request) => service.getCurrentGiveaway(app.deps, await optionalPlayer(request)),
  );

  // The body's username (spec) is ignored: the session decides who enters.
  app.post(
    '/giveaway/enter',
    {
      schema: {
        ...playerRoute,
        body: giveawayEnterRequest,
        response: { 200: giveawayResponse, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
      preHandler: app.requireActivePlayer,
    },
    async (request) => service.enterGiveaway(app.deps, playerOf(request)),
  );

  // Anyone may ask: the server decides whether it is time and who wins, once. Every open page asks
  // when the countdown ends: 30 a minute per address.
  app.post(
    '/giveaway/pick',
    {
      schema: { ...publicRoute, response: { 200: giveawayPickResponse, ...errorResponses(404, 409, 429) } },
      config: { limits: [{ max: 30, key: 'address' }] },
    },
    async () => service.pickCurrentWinner(app.deps),
  );
};

/** The admin console's giveaway calls (cookie session). */
export const giveawayAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/giveaways',
    {
      schema: { ...adminRoute, response: { 200: adminGiveawaysResponse, ...errorResponses(401) } },
      preHandler: app.requireAdmin,
      config: { permission: 'read' },
    },
    async () => ({ giveaways: await service.listGiveaways(app.deps) }),
  );

  app.post(
    '/admin/giveaways',
    {
      schema: {
        ...adminRoute,
        body: createGiveawayRequest,
        response: { 201: adminGiveaway, ...errorResponses(400, 401, 413) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'giveaways.edit' },
    },
    async (request, reply) => reply.status(201).send(await service.createGiveaway(app.deps, request.body)),
  );

  app.get(
    '/admin/giveaways/:id/entries',
    {
      schema: {
        ...adminRoute,
        params: idParams,
        response: { 200: adminGiveawayEntriesResponse, ...errorResponses(400, 401, 404) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'read' },
    },
    async (request) => service.listGiveawayEntries(app.deps, request.params.id),
  );

  app.post(
    '/admin/giveaways/:id/end',
    {
      schema: {
        ...adminRoute,
        params: idParams,
        response: { 200: adminGiveaway, ...errorResponses(400, 401, 404, 409) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'giveaways.edit' },
    },
    async (request) => service.endGiveawayNow(app.deps, request.params.id),
  );
};
