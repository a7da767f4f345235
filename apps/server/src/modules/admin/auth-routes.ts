import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLoginRequest,
  adminRoute,
  adminSessionResponse,
  errorResponses,
  noContent,
  publicRoute,
} from '@rewards/contracts';
import { ADMIN_COOKIE } from './session-hook.ts';
import { AppError } from '../../shared/errors.ts';
import { adminLogin, adminLogout, newAdminLoginLimiter } from './auth-service.ts';
import { browserHash, CONSOLE_BROWSER_COOKIE, CONSOLE_BROWSER_MAX_AGE_S } from './console-browsers.ts';
import { staffRoutes } from './staff-routes.ts';

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const failures = newAdminLoginLimiter(app.deps);
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: app.deps.env.NODE_ENV === 'production',
    path: '/api',
  };

  const login = {
    ...publicRoute,
    tags: ['admin'],
    body: adminLoginRequest,
    response: { 200: adminSessionResponse, ...errorResponses(400, 401, 403, 413, 429) },
  };
  const loginConfig = {
    // The session cookie is in the answer: no cache keeps it.
    noStore: true,
    // Per address like player sign-in, on top of the block after 10 wrong passwords a minute.
    limits: [{ max: app.deps.env.RATE_LIMIT_LOGIN_PER_MINUTE, key: 'address' }],
  } satisfies FastifyContextConfig;
  app.post('/admin/login', { schema: login, config: loginConfig }, async (request, reply) => {
    const previous = await browserHash(app.deps, request.cookies[CONSOLE_BROWSER_COOKIE]);
    const { token, maxAgeSeconds, browser } = await adminLogin(
      app.deps,
      failures,
      request.body,
      request.ip,
      previous,
      request.log,
    ).catch((err: unknown) => {
      // Both waits (this address's and the site-wide back-off) say when to come back.
      if (err instanceof AppError && typeof err.extra.retryAfter === 'number') {
        void reply.header('retry-after', String(err.extra.retryAfter));
      }
      throw err;
    });
    return (
      reply
        .setCookie(ADMIN_COOKIE, token, { ...cookieOptions, maxAge: maxAgeSeconds })
        // Sent back only to this route: it says the browser signed in before (console-browsers.ts).
        .setCookie(CONSOLE_BROWSER_COOKIE, browser, {
          ...cookieOptions,
          path: '/api/admin/login',
          maxAge: CONSOLE_BROWSER_MAX_AGE_S,
        })
        .send({ authenticated: true })
    );
  });

  // Public: it only ends the session its cookie names, if any.
  app.post(
    '/admin/logout',
    { schema: { ...publicRoute, tags: ['admin'], response: { 204: noContent } } },
    async (request, reply) => {
      await adminLogout(app.deps, request.cookies[ADMIN_COOKIE]);
      return reply.clearCookie(ADMIN_COOKIE, cookieOptions).status(204).send();
    },
  );

  app.get(
    '/admin/session',
    {
      schema: { ...adminRoute, response: { 200: adminSessionResponse, ...errorResponses(401) } },
      preHandler: app.requireAdmin,
      config: { permission: 'read' },
    },
    async () => ({ authenticated: true as const }),
  );

  await app.register(staffRoutes);
};
