import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponses,
  loginResponse,
  publicRoute,
  robloxSignInCallbackQuery,
  robloxSignInConfigResponse,
  robloxSignInFinishRequest,
  robloxSignInStartQuery,
} from '@rewards/contracts';
import { publicBase } from '../../shared/public-url.ts';
import { notFound } from '../../shared/errors.ts';
import type { RouteLimit } from '../../shared/route-limits.ts';
import { signInOrigin } from '../signals/index.ts';
import { robloxProvider } from './roblox-sign-in-provider.ts';
import * as service from './roblox-sign-in-service.ts';

const redirect = (description: string) => z.undefined().describe(description);

/** Sign in with Roblox (roblox-sign-in-service.ts); every route but config answers 404 while it is off. */
export const robloxSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = robloxProvider(app.deps.env);
  const requireOn = async () => {
    if (!provider) throw notFound('Sign in with Roblox is not available.');
  };
  const redirectUri = (origin: string) => `${publicBase(app.deps.env, origin)}${service.CALLBACK_PATH}`;
  const requestOrigin = (request: { protocol: string; host: string }) =>
    `${request.protocol}://${request.host}`;
  // Each start keeps a flow, each callback and finish asks Roblox: per address, like sign-in.
  const limits: RouteLimit[] = [{ max: app.deps.env.RATE_LIMIT_LOGIN_PER_MINUTE, key: 'address' }];

  app.get(
    '/auth/roblox/config',
    { schema: { ...publicRoute, response: { 200: robloxSignInConfigResponse } } },
    async () => ({ enabled: provider !== null }),
  );

  app.get(
    '/auth/roblox/start',
    {
      schema: {
        ...publicRoute,
        querystring: robloxSignInStartQuery,
        response: { 302: redirect("To Roblox's authorize page."), ...errorResponses(400, 404, 503) },
      },
      preHandler: requireOn,
      config: { limits },
    },
    async (request, reply) => {
      const { url, browserKey } = await service.start(app.deps, provider!, {
        ref: request.query.ref ?? null,
        redirectUri: redirectUri(requestOrigin(request)),
      });
      // SameSite=Lax: Roblox sends the browser back with a top-level GET, which carries it.
      reply.setCookie(service.FLOW_COOKIE.name, browserKey, {
        path: service.FLOW_COOKIE.path,
        httpOnly: true,
        sameSite: 'lax',
        secure: app.deps.env.NODE_ENV === 'production',
        maxAge: service.FLOW_COOKIE.maxAgeS,
      });
      return reply.header('cache-control', 'no-store').redirect(url.href, 302);
    },
  );

  app.get(
    '/auth/roblox/callback',
    {
      schema: {
        ...publicRoute,
        querystring: robloxSignInCallbackQuery,
        response: {
          302: redirect('To the login page: `?roblox=<one-time code>` for finish, or `?error=<reason>`.'),
          ...errorResponses(404),
        },
      },
      preHandler: requireOn,
      config: { limits },
    },
    async (request, reply) => {
      // The library compares this URL (without its query) with the redirect_uri the flow started with.
      const callbackUrl = new URL(redirectUri(requestOrigin(request)));
      callbackUrl.search = new URL(request.url, 'http://x').search;
      const outcome = await service.callback(app.deps, provider!, {
        callbackUrl,
        origin: signInOrigin(request, reply, app.deps.env),
        browserKey: request.cookies[service.FLOW_COOKIE.name],
      });
      if (outcome.failure) {
        request.log.warn(
          { reason: outcome.failure.reason, err: outcome.failure.cause },
          'Sign in with Roblox refused',
        );
      }
      return reply.header('cache-control', 'no-store').redirect(outcome.location, 302);
    },
  );

  app.post(
    '/auth/roblox/finish',
    {
      schema: {
        ...publicRoute,
        body: robloxSignInFinishRequest,
        response: { 200: loginResponse, ...errorResponses(400, 401, 403, 404) },
      },
      config: { noStore: true, limits },
      preHandler: requireOn,
    },
    async (request, reply) => {
      const answer = await service.finish(app.deps, {
        code: request.body.code,
        browserKey: request.cookies[service.FLOW_COOKIE.name],
        userAgent: request.headers['user-agent'],
      });
      reply.clearCookie(service.FLOW_COOKIE.name, { path: service.FLOW_COOKIE.path });
      return answer;
    },
  );
};
