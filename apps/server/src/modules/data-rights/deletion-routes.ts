import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountDeletionPreview,
  accountDeletionRequest,
  accountDeletionResponse,
  adminRoute,
  adminUserDeletionRequest,
  errorResponses,
  idParams,
  playerRoute,
} from '@rewards/contracts';
import type { RouteLimit } from '../../shared/route-limits.ts';
import { playerOf } from '../auth/index.ts';
import * as service from './deletion-service.ts';

/**
 * Delete my account, and the same by staff on the player's request. A banned player asks
 * the operator (a deletion would otherwise let the Roblox account start afresh).
 */
export const deletionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Deleting may read a Roblox profile (the proof of a protected account): a person does it once.
  // Per player from each address: a stranger who typed the name of an unprotected account (refused
  // without proof) does not use up the owner's attempts; per address as well.
  const limits: RouteLimit[] = [
    { max: 10, key: 'player-address' },
    { max: 30, key: 'address' },
  ];
  app.get(
    '/account/delete',
    {
      schema: {
        ...playerRoute,
        response: { 200: accountDeletionPreview, ...errorResponses(401, 403, 404, 429) },
      },
      preHandler: app.requireActivePlayer,
      config: { limits },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.deletionPreview(app.deps, playerOf(request));
    },
  );

  app.post(
    '/account/delete',
    {
      schema: {
        ...playerRoute,
        body: accountDeletionRequest,
        response: { 200: accountDeletionResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 429, 503) },
      },
      preHandler: app.requireActivePlayer,
      config: { limits },
    },
    async (request) => {
      const player = playerOf(request);
      const answer = await service.deleteOwnAccount(app.deps, player, request.body);
      request.log.info({ userId: player.id }, 'account deleted by the player');
      return answer;
    },
  );

  app.post(
    '/admin/users/:id/delete',
    {
      schema: {
        ...adminRoute,
        params: idParams,
        body: adminUserDeletionRequest,
        response: { 200: accountDeletionResponse, ...errorResponses(400, 401, 404, 409, 413) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'users.delete' },
    },
    async (request) => {
      const answer = await service.deleteAccountOnRequest(app.deps, request.params.id);
      request.log.info({ userId: request.params.id }, 'account deleted by staff');
      return answer;
    },
  );
};
