import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  payoutOptionsResponse,
  playerRoute,
  withdrawalsResponse,
  withdrawRequest,
  withdrawResponse,
} from '@rewards/contracts';
import { playerOf } from '../auth/index.ts';
import { payoutOptions } from './payout-options.ts';
import * as service from './service.ts';

/** The player's side: withdraw, the payout options, own withdrawals. */
export const playerWithdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  // `username` in the body and the `user-balance` header are ignored: the server decides.
  app.post(
    '/withdraw',
    {
      schema: {
        ...playerRoute,
        body: withdrawRequest,
        response: { 200: withdrawResponse, ...errorResponses(400, 401, 403, 409, 413, 429, 503) },
      },
      preHandler: app.requireActivePlayer,
      // Per player, not per session: more sessions do not buy more attempts.
      config: { limits: [{ max: 60, key: 'player' }] },
    },
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

  app.get(
    '/payout-options',
    {
      schema: { ...playerRoute, response: { 200: payoutOptionsResponse, ...errorResponses(401, 429) } },
      preHandler: app.requirePlayer,
    },
    async (request) => payoutOptions(app.deps, playerOf(request)),
  );

  app.get(
    '/withdrawals',
    {
      schema: { ...playerRoute, response: { 200: withdrawalsResponse, ...errorResponses(401) } },
      preHandler: app.requirePlayer,
    },
    async (request) => service.listOwnWithdrawals(app.deps, playerOf(request)),
  );
};
