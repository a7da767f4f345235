import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyBioRequest, withdrawRequest } from '@rewards/contracts';
import { playerOf } from '../../plugins/authenticate.ts';
import * as service from './service.ts';
import * as verification from './verification-service.ts';

// Each call may reach Roblox: a per-session limit keeps one player from spending our Roblox quota.
const perSession = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: 60_000,
    keyGenerator: (request: { headers: Record<string, unknown>; ip: string }) =>
      typeof request.headers.authorization === 'string' ? request.headers.authorization : request.ip,
  },
});

/** The player's side: bio verification, withdraw, own withdrawals. */
export const playerWithdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's body (username, userId, code) is accepted and ignored: the session names the account.
  app.post(
    '/verify-bio',
    { schema: { body: verifyBioRequest }, preHandler: app.requireActivePlayer, config: perSession(20) },
    async (request) => verification.verifyBio(app.deps, playerOf(request)),
  );

  app.post(
    '/verification/refresh',
    { preHandler: app.requireActivePlayer, config: perSession(20) },
    async (request) => verification.refreshSentence(app.deps, playerOf(request)),
  );

  // `username` in the body and the `user-balance` header are ignored: the server decides.
  app.post(
    '/withdraw',
    { schema: { body: withdrawRequest }, preHandler: app.requireActivePlayer, config: perSession(60) },
    async (request) => {
      const key = request.headers['idempotency-key'];
      return service.requestWithdrawal(
        app.deps,
        playerOf(request),
        request.body,
        typeof key === 'string' ? key : undefined,
        request.log,
      );
    },
  );

  app.get('/withdrawals', { preHandler: app.requirePlayer }, async (request) =>
    service.listOwnWithdrawals(app.deps, playerOf(request)),
  );
};
