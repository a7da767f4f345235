import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminAuthRoutes } from './modules/admin/auth-routes.ts';
import { adminUserRoutes } from './modules/admin/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { activityRoutes } from './modules/activity/index.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { socialsRoutes } from './modules/socials/index.ts';
import { offersRoutes } from './modules/offers/index.ts';
import { rewardsRoutes } from './modules/rewards/index.ts';
import { withdrawalsRoutes } from './modules/withdrawals/index.ts';
import { userRoutes } from './modules/users/routes.ts';
import { adminAuthPlugin } from './plugins/admin-auth.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { securityPlugin } from './plugins/security.ts';
import { registerWebApp } from './plugins/web.ts';
import type { Deps } from './shared/deps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface BuildOptions {
  /** Folder of the built web app; omitted in API tests. */
  webDist?: string;
  logger?: boolean;
}

/** Builds the whole app without listening, so tests can drive it in-process. */
export async function buildApp(deps: Deps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: deps.env.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: 64 * 1024,
    trustProxy: true,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);

  registerErrorHandler(app);
  await app.register(securityPlugin);
  await app.register(cookie);
  await app.register(authenticatePlugin);
  await app.register(adminAuthPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(adminAuthRoutes);
      await api.register(adminUserRoutes);
      await api.register(offersRoutes);
      await api.register(rewardsRoutes);
      await api.register(withdrawalsRoutes);
      await api.register(socialsRoutes);
      await api.register(activityRoutes);
    },
    { prefix: '/api' },
  );

  if (opts.webDist) await registerWebApp(app, opts.webDist);
  return app;
}
