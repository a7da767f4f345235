import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  liveRecentResponse,
  liveStreamResponse,
  PLAYER_BEARER_SCHEME,
  publicRoute,
} from '@rewards/contracts';
import { notFound } from '../../shared/errors.ts';
import { admitStreamCaller, takeOverReply } from './event-streams.ts';
import { LiveHub } from './hub.ts';
import { createRecentEarnings } from './service.ts';

const OFF_MESSAGE = 'The live feed is switched off.';

/**
 * The live feed: `GET /live/stream` (Server-Sent Events; with the player's bearer token it also carries
 * that player's balance) and `GET /live/recent`, which clients poll when the stream is refused or fails.
 * Streams are read with fetch, not EventSource, so the session travels in a header, never in the URL.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const enabled = app.deps.env.LIVE_FEED === 'on';
  const hub = new LiveHub(app.deps, app.log);
  const recent = createRecentEarnings(app.deps);
  // Before the server closes: it would otherwise wait for every open stream to end.
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/live/recent',
    { schema: { ...publicRoute, response: { 200: liveRecentResponse, ...errorResponses(404) } } },
    async () => {
      if (!enabled) throw notFound(OFF_MESSAGE);
      return recent();
    },
  );

  const streamSchema = {
    ...publicRoute,
    // Signing in is optional: with the token the stream adds the player's own balance.
    security: [{}, { [PLAYER_BEARER_SCHEME]: [] as string[] }] as Record<string, string[]>[],
    response: { 200: liveStreamResponse, ...errorResponses(400, 401, 404, 503) },
  };
  app.get('/live/stream', { schema: streamSchema }, async (request, reply) => {
    if (!enabled) throw notFound(OFF_MESSAGE);
    const busy = 'The live feed is busy; showing recent earnings instead.';
    const caller = await admitStreamCaller(app, request);
    hub.assertRoom(caller.address, busy);
    hub.open(takeOverReply(reply), caller);
    return reply;
  });
};
