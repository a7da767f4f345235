import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cpxFrameResponse, errorResponses, playerRoute, wallsResponse } from '@rewards/contracts';
import { playerOf } from '../../auth/index.ts';
import * as service from './service.ts';

export const wallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/walls',
    {
      schema: { ...playerRoute, response: { 200: wallsResponse, ...errorResponses(401) } },
      preHandler: app.requirePlayer,
    },
    async (request) => service.listWalls(app.deps, playerOf(request)),
  );

  app.get(
    '/cpx/frame',
    {
      schema: { ...playerRoute, response: { 200: cpxFrameResponse, ...errorResponses(401) } },
      preHandler: app.requirePlayer,
    },
    async (request) => service.cpxFrame(app.deps, playerOf(request)),
  );
};
