import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAdminSessionLive } from './session-repository.ts';
import { hashToken } from '../auth/index.ts';
import { unauthenticated } from '../../shared/errors.ts';

export const ADMIN_COOKIE = 'admin_session';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: the call needs a live admin session cookie; nothing else opens it. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    adminVerified: boolean;
  }
}

/** Admin paths of the spec outside /api/admin, plus the admin namespace itself. */
const ADMIN_PATH = /^\/api\/(admin\/|all-users(\/|\?|$)|toggle-ban\/)/;
const OPEN_ADMIN_PATH = /^\/api\/admin\/(login|logout)(\?|$)/;

export function isAdminPath(url: string): boolean {
  return ADMIN_PATH.test(url) && !OPEN_ADMIN_PATH.test(url);
}

export const adminAuthPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('adminVerified', false);

  const requireAdmin = async (request: FastifyRequest) => {
    if (request.adminVerified) return;
    const token = request.cookies[ADMIN_COOKIE];
    if (!token || token.length > 100) throw unauthenticated('Admin sign-in required.');
    const live = await isAdminSessionLive(app.deps.db, hashToken(token), app.deps.clock.now().toISOString());
    if (!live) throw unauthenticated('Admin sign-in required.');
    request.adminVerified = true;
  };
  app.decorate('requireAdmin', requireAdmin);

  // Checked before the body is parsed or validated, so every admin call refuses with 401 without
  // the session, whatever it sends, and a route that forgets its preHandler is still closed.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isAdminPath(request.url)) return done();
    requireAdmin(request).then(() => done(), done);
  });
});
