import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPostbacksQuery,
  adminPostbacksResponse,
  adminWall,
  adminWallsResponse,
  createWallRequest,
  postbackIdParams,
  replayPostbackResponse,
  updateWallRequest,
  wallSlugParams,
} from '@rewards/contracts';
import * as service from './service.ts';

/**
 * The admin console's walls and postback log. Every route needs the admin cookie, checked on
 * request (before the body is read or validated), so nothing but 401 answers without it.
 */
export const adminOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get('/admin/walls', { schema: { response: { 200: adminWallsResponse } } }, async () => ({
    walls: await service.listWalls(app.deps),
  }));

  app.post(
    '/admin/walls',
    { schema: { body: createWallRequest, response: { 201: adminWall } } },
    async (request, reply) => reply.status(201).send(await service.createWall(app.deps, request.body)),
  );

  app.patch(
    '/admin/walls/:slug',
    { schema: { params: wallSlugParams, body: updateWallRequest, response: { 200: adminWall } } },
    async (request) => service.updateWall(app.deps, request.params.slug, request.body),
  );

  app.get(
    '/admin/postbacks',
    { schema: { querystring: adminPostbacksQuery, response: { 200: adminPostbacksResponse } } },
    async (request) => service.listPostbacks(app.deps, request.query),
  );

  app.post(
    '/admin/postbacks/:id/replay',
    { schema: { params: postbackIdParams, response: { 200: replayPostbackResponse } } },
    async (request) => service.replayPostback(app.deps, request.params.id),
  );
};
