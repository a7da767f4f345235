import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  loginProveRequest,
  loginResponse,
  playerRoute,
  protectionProofResponse,
  protectionRequest,
  protectionResponse,
  proveOwnershipRequest,
  proveOwnershipResponse,
  publicRoute,
} from '@rewards/contracts';
import type { RouteLimit } from '../../shared/route-limits.ts';
import { signInOrigin } from '../signals/index.ts';
import { playerOf } from './session-hook.ts';
import * as proof from './ownership-proof.ts';
import * as service from './protection-service.ts';

/** Protected accounts and proof of ownership in a session. */
export const protectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const verifyMax = app.deps.env.RATE_LIMIT_VERIFY_PER_MINUTE;
  // Each proof reads a Roblox profile, like the bio check: per player from each address (nobody
  // elsewhere uses up the owner's attempts) and per address (nor does trying many accounts help).
  const proofLimits: RouteLimit[] = [
    { max: verifyMax, key: 'player-address' },
    { max: verifyMax, key: 'address' },
  ];

  app.post(
    '/login/prove',
    {
      schema: {
        ...publicRoute,
        body: loginProveRequest,
        response: { 200: loginResponse, ...errorResponses(400, 403, 404, 413, 429, 503) },
      },
      // The page that typed the name reads `success` like the spec's login. Signed out: per address.
      config: { legacyErrorFields: 'refusals', noStore: true, limits: [{ max: verifyMax, key: 'address' }] },
    },
    async (request, reply) =>
      service.proveLogin(
        app.deps,
        request.body.proofToken,
        signInOrigin(request, reply, app.deps.env),
        request.headers['user-agent'],
      ),
  );

  app.post(
    '/account/protection',
    {
      schema: {
        ...playerRoute,
        body: protectionRequest,
        response: { 200: protectionResponse, ...errorResponses(400, 401, 403, 404, 413, 429, 503) },
      },
      preHandler: app.requireActivePlayer,
      config: { limits: proofLimits },
    },
    async (request) => {
      const player = playerOf(request);
      const answer = await service.setProtection(app.deps, player, request.body);
      request.log.info({ userId: player.id, protected: answer.protected }, 'account protection set');
      return answer;
    },
  );

  app.post(
    '/account/protection/proof',
    {
      schema: {
        ...playerRoute,
        response: { 200: protectionProofResponse, ...errorResponses(401, 403, 429) },
      },
      // A banned player may prove ownership too: downloading their data needs it.
      preHandler: app.requirePlayer,
      config: { noStore: true, limits: [{ max: 20, key: 'player-address' }] },
    },
    async (request) => proof.newLoginProof(app.deps, playerOf(request).id),
  );

  app.post(
    '/account/prove',
    {
      schema: {
        ...playerRoute,
        body: proveOwnershipRequest,
        response: { 200: proveOwnershipResponse, ...errorResponses(400, 401, 403, 404, 413, 429, 503) },
      },
      preHandler: app.requirePlayer,
      config: { limits: proofLimits },
    },
    async (request) => proof.proveSession(app.deps, playerOf(request), request.body),
  );
};
