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

  // "Check again" on the withdraw page, once the player has joined the payout group: the same answer,
  // with eligibility asked of Roblox now instead of read from the minute's cache. Each call reaches
  // Roblox, so it is limited as the bio check is: per player from each address (someone typing the
  // name elsewhere cannot use up the owner's checks) and per address.
  const verifyMax = app.deps.env.RATE_LIMIT_VERIFY_PER_MINUTE;
  app.post(
    '/payout-options/check',
    {
      schema: { ...playerRoute, response: { 200: payoutOptionsResponse, ...errorResponses(401, 429) } },
      preHandler: app.requirePlayer,
      config: {
        limits: [
          { max: verifyMax, key: 'player-address' },
          { max: verifyMax, key: 'address' },
        ],
      },
    },
    async (request) => payoutOptions(app.deps, playerOf(request), { fresh: true }),
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
