import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  playerRoute,
  refreshVerificationResponse,
  verifyBioRequest,
  verifyBioResponse,
} from '@rewards/contracts';
import { signInOrigin } from '../signals/index.ts';
import { playerOf } from './session-hook.ts';
import * as verification from './verification-service.ts';

/** The bio check that proves a player owns the Roblox account, and a fresh sentence for it. */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's body (username, userId, code) is accepted and ignored: the session names the account.
  app.post(
    '/verify-bio',
    {
      schema: {
        ...playerRoute,
        body: verifyBioRequest,
        response: { 200: verifyBioResponse, ...errorResponses(400, 401, 403, 409, 413, 429, 503) },
      },
      preHandler: app.requireActivePlayer,
      config: {
        // The spec's client reads `success` and `message` from every error of these calls.
        legacyErrorFields: 'every-error',
        // Each call reads the player's Roblox profile. Per player from each address, so an
        // impersonator elsewhere cannot use up the owner's attempts; and per address, so that
        // impersonator (or anyone trying many accounts) is limited all the same.
        limits: [
          { max: app.deps.env.RATE_LIMIT_VERIFY_PER_MINUTE, key: 'player-address' },
          { max: app.deps.env.RATE_LIMIT_VERIFY_PER_MINUTE, key: 'address' },
        ],
      },
    },
    async (request, reply) =>
      verification.verifyBio(
        app.deps,
        playerOf(request),
        request.body?.ref ?? null,
        // Only a proving session's browser is given a device id: the caller's is the owner's then.
        () => signInOrigin(request, reply, app.deps.env),
      ),
  );

  app.post(
    '/verification/refresh',
    {
      schema: {
        ...playerRoute,
        response: { 200: refreshVerificationResponse, ...errorResponses(401, 403, 409, 429) },
      },
      preHandler: app.requireActivePlayer,
      config: {
        // The spec's client reads `success` and `message` from every error of these calls.
        legacyErrorFields: 'every-error',
        // A Refresh changes only the calling session's sentence: per player from each address, so
        // nobody elsewhere uses up the owner's.
        limits: [{ max: 20, key: 'player-address' }],
      },
    },
    async (request) => verification.refreshSentence(app.deps, playerOf(request)),
  );
};
