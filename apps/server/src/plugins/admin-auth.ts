import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAdminSessionLive } from '../modules/admin/repository.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import { unauthenticated } from '../shared/errors.ts';

export const ADMIN_COOKIE = 'admin_session';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: the call needs a live admin session cookie; nothing else opens it. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

export const adminAuthPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const token = request.cookies[ADMIN_COOKIE];
    if (!token || token.length > 100) throw unauthenticated('Admin sign-in required.');
    const live = await isAdminSessionLive(app.deps.db, hashToken(token), app.deps.clock.now().toISOString());
    if (!live) throw unauthenticated('Admin sign-in required.');
  });
});
