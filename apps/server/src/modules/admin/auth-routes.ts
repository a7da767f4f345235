import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLoginRequest } from '@rewards/contracts';
import { ADMIN_COOKIE } from '../../plugins/admin-auth.ts';
import { AppError } from '../../shared/errors.ts';
import { adminLogin, adminLogout, newAdminLoginLimiter } from './auth-service.ts';

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const failures = newAdminLoginLimiter(app.deps);
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: app.deps.env.NODE_ENV === 'production',
    path: '/api',
  };

  app.post('/admin/login', { schema: { body: adminLoginRequest } }, async (request, reply) => {
    const { token, maxAgeSeconds } = await adminLogin(
      app.deps,
      failures,
      request.body.password,
      request.ip,
      request.log,
    ).catch((err: unknown) => {
      // Both waits (this address's and the site-wide back-off) say when to come back.
      if (err instanceof AppError && typeof err.extra.retryAfter === 'number') {
        void reply.header('retry-after', String(err.extra.retryAfter));
      }
      throw err;
    });
    return reply
      .setCookie(ADMIN_COOKIE, token, { ...cookieOptions, maxAge: maxAgeSeconds })
      .send({ authenticated: true });
  });

  app.post('/admin/logout', async (request, reply) => {
    await adminLogout(app.deps, request.cookies[ADMIN_COOKIE]);
    return reply.clearCookie(ADMIN_COOKIE, cookieOptions).status(204).send();
  });

  app.get('/admin/session', { preHandler: app.requireAdmin }, async () => ({ authenticated: true as const }));
};
