import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Every route of this feature, registered under /api by app.ts. */
export const socialsRoutes: FastifyPluginAsyncZod = async () => {};
