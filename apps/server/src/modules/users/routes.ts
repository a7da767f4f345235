import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  avatarImage,
  errorResponses,
  meResponse,
  playerRoute,
  profileResponse,
  publicRoute,
  robloxLookupRequest,
  robloxLookupResponse,
  usernameParams,
} from '@rewards/contracts';
import { z } from 'zod';
import { playerNamed, playerOf } from '../auth/index.ts';
import { notFound } from '../../shared/errors.ts';
import * as service from './service.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const avatarLimit = app.makeLimit('avatar', app.deps.env.RATE_LIMIT_AVATAR_PER_MINUTE, 'address');
  const ownAccount = {
    ...playerRoute,
    params: usernameParams,
    response: { 200: meResponse, ...errorResponses(400, 401, 403) },
  };

  app.get('/user/:username', { schema: ownAccount, preHandler: app.requirePlayer }, async (request) =>
    service.getMe(playerNamed(request, request.params.username)),
  );

  app.get(
    '/profile/:username',
    {
      schema: { ...ownAccount, response: { ...ownAccount.response, 200: profileResponse } },
      preHandler: app.requirePlayer,
      // It carries the session's verification sentence.
      config: { noStore: true },
    },
    async (request) => service.getProfile(app.deps, playerNamed(request, request.params.username)),
  );

  // The spec's client syncs the account before withdrawing; the server already knows it, so this
  // only answers with the caller's own account and changes nothing.
  app.post(
    '/users',
    {
      schema: { ...playerRoute, response: { 200: meResponse, ...errorResponses(401) } },
      preHandler: app.requirePlayer,
    },
    async (request) => service.getMe(playerOf(request)),
  );

  app.post(
    '/roblox-lookup',
    {
      schema: {
        ...publicRoute,
        body: robloxLookupRequest,
        response: { 200: robloxLookupResponse, ...errorResponses(400, 413, 429, 503) },
      },
      // Each call asks Roblox: per address, like sign-in.
      config: { limits: [{ max: app.deps.env.RATE_LIMIT_LOGIN_PER_MINUTE, key: 'address' }] },
    },
    async (request) => {
      const user = await app.deps.roblox.findUserByName(request.body.username);
      return { data: user ? [{ id: user.id, name: user.name, displayName: user.displayName }] : [] };
    },
  );

  app.get(
    '/avatar/:robloxId',
    {
      schema: {
        ...publicRoute,
        params: z.object({ robloxId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        // Bytes are sent as they are: the schema documents them and is not applied.
        response: { 200: avatarImage, ...errorResponses(400, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const id = request.params.robloxId;
      // Only answers that need Roblox count against the address's limit: a page of cached avatars
      // (the leaderboard's) never hits it, and random ids cannot spend our Roblox quota.
      let answer = app.deps.roblox.avatarImageWithoutRoblox(id);
      if (!answer) {
        await avatarLimit(request, reply);
        answer = app.deps.roblox.getAvatarImage(id);
      }
      const image = await answer;
      if (!image) throw notFound('No avatar for that Roblox id.');
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=600')
        .send(image.body as unknown as string);
    },
  );
};
