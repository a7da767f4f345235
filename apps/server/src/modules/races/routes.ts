import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  adminRace,
  adminRacesResponse,
  adminRaceStandingsResponse,
  adminRoute,
  createRaceRequest,
  currentRaceResponse,
  errorResponses,
  type CurrentRaceResponse,
  idParams,
  PLAYER_BEARER_SCHEME,
  publicRoute,
  raceStreamResponse,
  updateRaceRequest,
} from '@rewards/contracts';
import { admitStreamCaller, takeOverReply } from '../live/index.ts';
import { createRaceBoard, currentRaceJson, type RaceBoardCache } from './board.ts';
import * as service from './service.ts';
import { RaceStreams } from './stream.ts';

export interface RaceRoutesOptions {
  /** How long the board is served before a request brings it up to date; defaults to RACE_BOARD_TTL_MS. */
  boardTtlMs?: number;
}

/** The players' race and the console's race calls, sharing one board, cleared when the admin changes a race. */
export const raceRoutes: FastifyPluginAsyncZod<RaceRoutesOptions> = async (app, opts) => {
  const board = createRaceBoard(app.deps, opts.boardTtlMs);
  await app.register(publicRaceRoutes, { board });
  await app.register(raceAdminRoutes, { board });
};

const publicRaceRoutes: FastifyPluginAsyncZod<{ board: RaceBoardCache }> = async (app, { board }) => {
  /** The player behind an optional bearer token; a missing or dead token just means "visitor". */
  async function optionalPlayerId(request: FastifyRequest): Promise<number | null> {
    if (!request.headers.authorization) return null;
    try {
      await app.requirePlayer(request);
      return request.player?.id ?? null;
    } catch {
      return null;
    }
  }

  // Public; with a bearer token it adds the caller's own place. Served from the board, so a request
  // costs the same with ten players or two hundred thousand.
  const schema = {
    ...publicRoute,
    security: [{}, { [PLAYER_BEARER_SCHEME]: [] as string[] }] as Record<string, string[]>[],
    response: { 200: currentRaceResponse, ...errorResponses() },
  };
  app.get('/races/current', { schema }, async (request, reply) => {
    const json = currentRaceJson(await board.get(), await optionalPlayerId(request));
    // Already checked and JSON text (board.ts): Fastify sends a string as it is.
    return reply.type('application/json; charset=utf-8').send(json as unknown as CurrentRaceResponse);
  });

  // The same answer, pushed when the standings change (stream.ts). Bounded like the live feed's
  // streams, and refused the same way, so the page polls /races/current instead.
  const streams = new RaceStreams(app.deps, app.log, board);
  app.addHook('preClose', async () => streams.close());
  const streamSchema = {
    ...publicRoute,
    security: [{}, { [PLAYER_BEARER_SCHEME]: [] as string[] }] as Record<string, string[]>[],
    response: { 200: raceStreamResponse, ...errorResponses(400, 401, 503) },
  };
  app.get('/races/stream', { schema: streamSchema }, async (request, reply) => {
    const busy = 'The live standings are busy; they refresh every few seconds instead.';
    const caller = await admitStreamCaller(app, request);
    const first = await board.get();
    streams.assertRoom(caller.address, busy);
    streams.open(takeOverReply(reply), caller, first);
    return reply;
  });
};

const raceAdminRoutes: FastifyPluginAsyncZod<{ board: RaceBoardCache }> = async (app, { board }) => {
  app.get(
    '/admin/races',
    {
      schema: { ...adminRoute, response: { 200: adminRacesResponse, ...errorResponses(401) } },
      preHandler: app.requireAdmin,
      config: { permission: 'read' },
    },
    async () => ({ races: await service.listRaces(app.deps) }),
  );

  app.post(
    '/admin/races',
    {
      schema: {
        ...adminRoute,
        body: createRaceRequest,
        response: { 201: adminRace, ...errorResponses(400, 401, 413) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'races.edit' },
    },
    async (request, reply) => {
      const created = await service.createRace(app.deps, request.body);
      board.clear();
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/admin/races/:id',
    {
      schema: {
        ...adminRoute,
        params: idParams,
        body: updateRaceRequest,
        response: { 200: adminRace, ...errorResponses(400, 401, 404, 409, 413) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'races.edit' },
    },
    async (request) => {
      const updated = await service.updateRace(app.deps, request.params.id, request.body);
      board.clear();
      return updated;
    },
  );

  app.post(
    '/admin/races/:id/end',
    {
      schema: {
        ...adminRoute,
        params: idParams,
        response: { 200: adminRace, ...errorResponses(400, 401, 404, 409) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'races.edit' },
    },
    async (request) => {
      const ended = await service.endRaceNow(app.deps, request.params.id);
      board.clear();
      return ended;
    },
  );

  app.get(
    '/admin/races/:id/standings',
    {
      schema: {
        ...adminRoute,
        params: idParams,
        response: { 200: adminRaceStandingsResponse, ...errorResponses(400, 401, 404) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'read' },
    },
    async (request) => service.raceStandings(app.deps, request.params.id),
  );
};
