import type { FastifyInstance } from 'fastify';
import type { OidcState } from './oidc-state.ts';

/**
 * Tests' control of the OpenID Connect provider: register the server as a client (as the creator
 * dashboard does), and spoil the next id token (its signature, or its nonce).
 */
export function registerOidcControlRoutes(app: FastifyInstance, oidc: OidcState): void {
  app.post<{ Body: { client_id?: unknown; client_secret?: unknown; redirect_uris?: unknown } }>(
    '/_control/oauth/client',
    async (req, reply) => {
      const { client_id, client_secret, redirect_uris } = req.body ?? {};
      const uris = Array.isArray(redirect_uris) ? redirect_uris : [];
      if (
        typeof client_id !== 'string' ||
        !client_id ||
        typeof client_secret !== 'string' ||
        !client_secret
      ) {
        return reply.code(400).send({ error: 'client_id and client_secret are required' });
      }
      if (!uris.length || !uris.every((u) => typeof u === 'string' && URL.canParse(u))) {
        return reply.code(400).send({ error: 'redirect_uris must be a list of URLs' });
      }
      oidc.clients.set(client_id, { clientId: client_id, clientSecret: client_secret, redirectUris: uris });
      return { client_id, redirect_uris: uris };
    },
  );

  app.post<{ Body: { idToken?: unknown; nonce?: unknown } }>('/_control/oauth/tamper', async (req) => {
    oidc.tamper = { idToken: req.body?.idToken === true, nonce: req.body?.nonce === true };
    return oidc.tamper;
  });
}
