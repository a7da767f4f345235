import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  playerRoute,
  refreshVerificationResponse,
  verifyBioRequest,
  verifyBioResponse,
} from '@rewards/contracts';
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
      // The spec's client reads `success` and `message` from every error of these calls.
      config: { legacyErrorFields: 'every-error' },
    },
    async (request) => verification.verifyBio(app.deps, playerOf(request), request.body?.ref ?? null),
  );

  app.post(
    '/verification/refresh',
    {
      schema: {
        ...playerRoute,
        response: { 200: refreshVerificationResponse, ...errorResponses(401, 403, 409, 429) },
      },
      preHandler: app.requireActivePlayer,
      // The spec's client reads `success` and `message` from every error of these calls.
      config: { legacyErrorFields: 'every-error' },
    },
    async (request) => verification.refreshSentence(app.deps, playerOf(request)),
  );
};
