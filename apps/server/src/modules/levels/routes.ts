import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLevelReward,
  adminLevelRewardsResponse,
  adminRoute,
  createLevelRewardRequest,
  errorResponses,
  levelRewardParams,
  levelStatus,
  playerRoute,
  updateLevelRewardRequest,
} from '@rewards/contracts';
import { playerOf } from '../auth/index.ts';
import * as admin from './admin-service.ts';
import { levelOf } from './service.ts';

/** The player's own level (the top bar's account menu): a read; rewards are paid by credits. */
export const levelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/level',
    {
      schema: { ...playerRoute, response: { 200: levelStatus, ...errorResponses(401) } },
      preHandler: app.requirePlayer,
    },
    async (request) => levelOf(app.deps, playerOf(request)),
  );
};

/** The console's level rewards (cookie session): list, create, change the amount, delete. */
export const levelAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/level-rewards',
    {
      schema: { ...adminRoute, response: { 200: adminLevelRewardsResponse, ...errorResponses(401) } },
      preHandler: app.requireAdmin,
      config: { permission: 'read' },
    },
    async () => ({ rewards: await admin.listLevelRewards(app.deps) }),
  );

  app.post(
    '/admin/level-rewards',
    {
      schema: {
        ...adminRoute,
        body: createLevelRewardRequest,
        response: { 201: adminLevelReward, ...errorResponses(400, 401, 409, 413) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'levels.edit' },
    },
    async (request, reply) => reply.status(201).send(await admin.createLevelReward(app.deps, request.body)),
  );

  app.patch(
    '/admin/level-rewards/:level',
    {
      schema: {
        ...adminRoute,
        params: levelRewardParams,
        body: updateLevelRewardRequest,
        response: { 200: adminLevelReward, ...errorResponses(400, 401, 404, 413) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'levels.edit' },
    },
    async (request) => admin.updateLevelReward(app.deps, request.params.level, request.body),
  );

  app.delete(
    '/admin/level-rewards/:level',
    {
      schema: {
        ...adminRoute,
        params: levelRewardParams,
        response: { 200: adminLevelReward, ...errorResponses(400, 401, 404) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'levels.edit' },
    },
    async (request) => admin.deleteLevelReward(app.deps, request.params.level),
  );
};
