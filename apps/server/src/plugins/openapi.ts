import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ADMIN_COOKIE_SCHEME, PLAYER_BEARER_SCHEME } from '@rewards/contracts';
import serverPackage from '../../package.json' with { type: 'json' };

/** Where the API document is served. */
export const OPENAPI_PATH = '/api/openapi.json';

export interface OpenApiOptions {
  /** The name of the admin console's session cookie (the admin security scheme). */
  adminCookie: string;
}

/**
 * The OpenAPI 3.1 document of every route, made from the routes' zod schemas, so providers and
 * operators can read the API without reading code. Registered before the routes: it collects them as
 * they are added. The document is built at its first request and then reused.
 */
export const openApiPlugin = fp<OpenApiOptions>(async (app: FastifyInstance, opts) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Robux rewards API',
        version: serverPackage.version,
        description:
          'Errors are `{ error, code }` (see the ErrorBody schema of each status); the spec’s client ' +
          'also reads `success: false` and `message` on the calls that carry them.',
      },
      tags: [
        { name: 'public', description: 'Anyone may call these.' },
        {
          name: 'player',
          description: 'A signed-in player: `Authorization: Bearer <token>` from POST /api/login.',
        },
        { name: 'admin', description: 'The admin console: the session cookie from POST /api/admin/login.' },
        { name: 'postbacks', description: 'Called by the offer providers’ servers; answers are plain text.' },
      ],
      components: {
        securitySchemes: {
          [ADMIN_COOKIE_SCHEME]: { type: 'apiKey', in: 'cookie', name: opts.adminCookie },
          [PLAYER_BEARER_SCHEME]: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    // Only the API: the web app's files and the metrics endpoint are not part of it.
    transform: (input) =>
      input.url.startsWith('/api/') ? jsonSchemaTransform(input) : { schema: { hide: true }, url: input.url },
    transformObject: jsonSchemaTransformObject,
  });

  let document: string | undefined;
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });
});
