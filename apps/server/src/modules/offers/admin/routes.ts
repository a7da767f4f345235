import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  adminPostbacksQuery,
  adminPostbacksResponse,
  adminRoute,
  adminWall,
  adminWallsResponse,
  createWallRequest,
  errorResponses,
  idParams,
  postbackDecisionResponse,
  replayPostbackResponse,
  roleCan,
  testPostbackRequest,
  testPostbackResponse,
  updateWallRequest,
  wallSlugParams,
} from '@rewards/contracts';
import { publicBase } from '../../../shared/public-url.ts';
import { approveLimitOf } from '../../../shared/approve-limit.ts';
import * as service from './service.ts';

/**
 * The admin console's walls and postback log. Every route needs the admin cookie, checked on
 * request (before the body is read or validated), so nothing but 401 answers without it.
 */
export const adminOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  const base = (request: FastifyRequest) => publicBase(app.deps.env, `${request.protocol}://${request.host}`);

  app.get(
    '/admin/walls',
    {
      schema: { ...adminRoute, response: { 200: adminWallsResponse, ...errorResponses(401) } },
      config: { permission: 'read' },
    },
    async (request) => ({
      walls: await service.listWalls(app.deps, base(request), roleCan(request.staff!.role, 'walls.edit')),
    }),
  );

  app.post(
    '/admin/walls',
    {
      schema: {
        ...adminRoute,
        body: createWallRequest,
        response: { 201: adminWall, ...errorResponses(400, 401, 409, 413) },
      },
      config: { permission: 'walls.edit' },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createWall(app.deps, request.body, base(request))),
  );

  app.patch(
    '/admin/walls/:slug',
    {
      schema: {
        ...adminRoute,
        params: wallSlugParams,
        body: updateWallRequest,
        response: { 200: adminWall, ...errorResponses(400, 401, 404, 413) },
      },
      config: { permission: 'walls.edit' },
    },
    async (request) => service.updateWall(app.deps, request.params.slug, request.body, base(request)),
  );

  app.post(
    '/admin/walls/:slug/test-postback',
    {
      schema: {
        ...adminRoute,
        params: wallSlugParams,
        body: testPostbackRequest,
        response: { 200: testPostbackResponse, ...errorResponses(400, 401, 404, 409, 413) },
      },
      config: { permission: 'walls.edit' },
    },
    async (request) =>
      service.sendTestPostback(app.deps, request.params.slug, request.body.username, base(request)),
  );

  app.get(
    '/admin/postbacks',
    {
      schema: {
        ...adminRoute,
        querystring: adminPostbacksQuery,
        response: { 200: adminPostbacksResponse, ...errorResponses(400, 401) },
      },
      config: { permission: 'read' },
    },
    async (request) => service.listPostbacks(app.deps, request.query),
  );

  app.post(
    '/admin/postbacks/:id/replay',
    {
      schema: {
        ...adminRoute,
        params: idParams,
        response: { 200: replayPostbackResponse, ...errorResponses(400, 401, 404) },
      },
      config: { permission: 'postbacks.decide' },
    },
    async (request) => service.replayPostback(app.deps, request.params.id),
  );

  const decision = {
    ...adminRoute,
    params: idParams,
    response: { 200: postbackDecisionResponse, ...errorResponses(400, 401, 404, 409) },
  };
  app.post(
    '/admin/postbacks/:id/approve',
    { schema: decision, config: { permission: 'postbacks.decide' } },
    async (request) =>
      service.decidePostback(app.deps, request.params.id, 'approved', approveLimitOf(request)),
  );

  app.post(
    '/admin/postbacks/:id/reject',
    { schema: decision, config: { permission: 'postbacks.decide' } },
    async (request) => service.decidePostback(app.deps, request.params.id, 'rejected'),
  );
};
