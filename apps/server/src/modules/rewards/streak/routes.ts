import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { streakClaimRequest, usernameParams } from '@rewards/contracts';
import { assertSelf, playerOf } from '../../../plugins/authenticate.ts';
import { requireHuman } from '../../humancheck/turnstile.ts';
import * as service from './service.ts';

export const streakRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/streak-rewards/:username',
    { schema: { params: usernameParams }, preHandler: app.requirePlayer },
    async (request) => {
      const player = playerOf(request);
      assertSelf(player, request.params.username);
      return service.getStreakRewards(app.deps, player);
    },
  );

  // The body's username (spec) is ignored: the session decides whose streak is claimed.
  app.post(
    '/streak-rewards/claim',
    { schema: { body: streakClaimRequest }, preHandler: app.requireActivePlayer },
    async (request) => {
      await requireHuman(app.deps, request, 'daily');
      return service.claimStreak(app.deps, playerOf(request));
    },
  );
};
