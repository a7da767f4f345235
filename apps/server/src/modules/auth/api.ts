import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { robloxSignInRoutes } from './roblox-sign-in-routes.ts';
import { authRoutes } from './routes.ts';
import { verificationRoutes } from './verification-routes.ts';

/**
 * Every player route of sign-in and proof of ownership (typed-name sign-in, Sign in with Roblox, the
 * bio check, protection and sessions), registered under /api by app.ts.
 */
export const authApi: FastifyPluginAsyncZod = async (app) => {
  await app.register(authRoutes);
  await app.register(robloxSignInRoutes);
  await app.register(verificationRoutes);
};
