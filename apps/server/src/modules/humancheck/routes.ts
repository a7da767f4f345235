import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicRoute, siteConfigResponse, type SiteConfigResponse } from '@rewards/contracts';
import { humanCheckEnabled } from './turnstile.ts';

/**
 * `GET /api/config`: the public settings the web app needs (the operator and how to reach them, the
 * Turnstile site key, if any).
 */
export const siteConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { env } = app.deps;
  const config: SiteConfigResponse = {
    operator: {
      name: env.OPERATOR_NAME,
      address: env.OPERATOR_ADDRESS,
      email: env.CONTACT_EMAIL,
      communityUrl: env.COMMUNITY_URL,
    },
    turnstileSiteKey: humanCheckEnabled(env) ? (env.TURNSTILE_SITE_KEY ?? null) : null,
    bonusesRequireOffer: env.BONUSES_REQUIRE_OFFER,
    timeZone: env.SITE_TIME_ZONE,
  };
  app.get(
    '/config',
    { schema: { ...publicRoute, response: { 200: siteConfigResponse } } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(config),
  );
};
