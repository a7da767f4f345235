import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cpxFrameResponse, wallsResponse } from '@rewards/contracts';
import { playerOf } from '../../../plugins/authenticate.ts';
import * as service from './service.ts';

export const wallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/walls',
    { schema: { response: { 200: wallsResponse } }, preHandler: app.requirePlayer },
    async (request) => service.listWalls(app.deps, playerOf(request)),
  );

  app.get(
    '/cpx/frame',
    { schema: { response: { 200: cpxFrameResponse } }, preHandler: app.requirePlayer },
    async (request) => service.cpxFrame(app.deps, playerOf(request)),
  );
};
