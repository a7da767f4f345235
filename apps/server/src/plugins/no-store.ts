import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answers carry a secret (a session token or cookie, recovery codes, a TOTP secret, a
     * data export): every answer of it, errors included, says `Cache-Control: no-store`, so no browser
     * or proxy cache keeps a copy.
     */
    noStore?: boolean;
  }
}

/** One hook for every route marked `config: { noStore: true }`, instead of a header in each handler. */
export const noStorePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.noStore) void reply.header('cache-control', 'no-store');
    return payload;
  });
});
