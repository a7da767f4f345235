import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_COOKIE, adminAuthPlugin } from './modules/admin/index.ts';
import { adminApi } from './modules/admin/api.ts';
import { authenticatePlugin } from './modules/auth/index.ts';
import { authApi } from './modules/auth/api.ts';
import { activityApi } from './modules/activity/api.ts';
import { dataRightsApi } from './modules/data-rights/api.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { raceRoutes } from './modules/races/routes.ts';
import { siteConfigRoutes } from './modules/humancheck/routes.ts';
import { landingRoutes } from './modules/landing/routes.ts';
import { levelsApi } from './modules/levels/api.ts';
import { databaseFigures } from './modules/health/index.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { socialRoutes } from './modules/socials/routes.ts';
import { firstStepsRoutes } from './modules/first-steps/routes.ts';
import { offersApi } from './modules/offers/api.ts';
import { rewardsApi } from './modules/rewards/api.ts';
import { withdrawalsApi } from './modules/withdrawals/api.ts';
import { userRoutes } from './modules/users/routes.ts';
import { economicsRoutes } from './modules/economics/routes.ts';
import { inviterNames } from './modules/users/index.ts';
import { registerBackgroundJobs } from './jobs.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { loadSheddingPlugin } from './plugins/load-shedding.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { noStorePlugin } from './plugins/no-store.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import {
  genReqId,
  loggerOptions,
  requestLoggerFactory,
  requestLoggingPlugin,
} from './plugins/request-logging.ts';
import { securityPlugin } from './plugins/security.ts';
import { registerWebApp } from './plugins/web.ts';
import type { Deps } from './deps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Every route as it was added (method, url), for tests that must cover all of them. */
    routeList: { method: string; url: string }[];
  }
}

export interface BuildOptions {
  /** Folder of the built web app; omitted in API tests. */
  webDist?: string;
  logger?: boolean;
  /** Where pino writes (stdout when omitted); tests capture the log lines with it. */
  loggerStream?: DestinationStream;
}

/** How long a request (headers and body) may take to arrive. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Fastify with what every request goes through (request id, access log line, metrics, security
 * headers and input checks, rate limits, cookies, the player and admin session hooks) and no routes.
 * The bench's features reference (bench/features-reference.ts) answers a constant on top of it.
 */
export async function buildFeatures(deps: Deps, opts: BuildOptions = {}) {
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(deps.env.LOG_LEVEL, opts.loggerStream),
    bodyLimit: 64 * 1024,
    // A request must arrive whole within this (Fastify sets no limit): a client trickling a body a
    // byte at a time would otherwise hold its connection for ever. Streams answer after it, unaffected.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names; a client that connects
    // directly cannot pick its own address (rate limits and postback allow-lists go by it).
    trustProxy: deps.env.TRUST_PROXY.length ? deps.env.TRUST_PROXY.join(',') : false,
    genReqId,
    childLoggerFactory: requestLoggerFactory,
    // plugins/request-logging.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('routeList', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.routeList.push({ method, url: route.url });
  });

  registerErrorHandler(app);
  await app.register(requestLoggingPlugin);
  await app.register(metricsPlugin, { databaseFigures });
  await app.register(loadSheddingPlugin, { maxEventLoopDelayMs: deps.env.MAX_EVENT_LOOP_DELAY_MS });
  await app.register(securityPlugin);
  await app.register(noStorePlugin);
  await app.register(cookie);
  await app.register(authenticatePlugin);
  await app.register(adminAuthPlugin);
  return app;
}

/** Builds the whole app without listening, so tests can drive it in-process. */
export async function buildApp(deps: Deps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await buildFeatures(deps, opts);
  // Before the routes: the document collects them as they are added.
  await app.register(openApiPlugin, { adminCookie: ADMIN_COOKIE });
  registerBackgroundJobs(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authApi);
      await api.register(userRoutes);
      await api.register(adminApi);
      await api.register(offersApi);
      await api.register(rewardsApi);
      await api.register(withdrawalsApi);
      await api.register(economicsRoutes);
      await api.register(socialRoutes);
      await api.register(firstStepsRoutes);
      await api.register(activityApi);
      await api.register(raceRoutes);
      await api.register(dataRightsApi);
      await api.register(siteConfigRoutes);
      await api.register(landingRoutes);
      await api.register(liveRoutes);
      await api.register(levelsApi);
    },
    { prefix: '/api' },
  );

  if (opts.webDist) await registerWebApp(app, opts.webDist, { inviterName: inviterNames(deps) });
  return app;
}
