import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  playerRoute,
  streakClaimRequest,
  streakClaimResponse,
  streakRewardsResponse,
  usernameParams,
} from '@rewards/contracts';
import { playerNamed, playerOf } from '../../auth/index.ts';
import { requireHuman } from '../../humancheck/index.ts';
import * as service from './service.ts';

export const streakRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/streak-rewards/:username',
    {
      schema: {
        ...playerRoute,
        params: usernameParams,
        response: { 200: streakRewardsResponse, ...errorResponses(400, 401, 403) },
      },
      preHandler: app.requirePlayer,
    },
    async (request) => service.getStreakRewards(app.deps, playerNamed(request, request.params.username)),
  );

  // The body's username (spec) is ignored: the session decides whose streak is claimed.
  app.post(
    '/streak-rewards/claim',
    {
      schema: {
        ...playerRoute,
        body: streakClaimRequest,
        response: { 200: streakClaimResponse, ...errorResponses(400, 401, 403, 409, 413, 503) },
      },
      config: { legacyErrorFields: 'refusals' },
      preHandler: app.requireActivePlayer,
    },
    async (request) => {
      await requireHuman(app.deps, request, 'daily');
      return service.claimStreak(app.deps, playerOf(request));
    },
  );
};
