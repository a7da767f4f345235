import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { landingResponse, publicRoute } from '@rewards/contracts';
import { createLanding } from './service.ts';

/** `GET /api/landing`: the landing page's cards (public). */
export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  const landing = createLanding(app.deps);
  app.get('/landing', { schema: { ...publicRoute, response: { 200: landingResponse } } }, async () =>
    landing(),
  );
};
