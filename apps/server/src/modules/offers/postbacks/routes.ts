import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import * as service from './service.ts';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `GET|POST /api/postback/{slug}`: public, called by the providers' servers. Parameters come in the
 * query string, a form body or a JSON body. The answer is plain text, as providers expect.
 */
export const postbackRoutes: FastifyPluginAsyncZod = async (app) => {
  // Providers post forms; this parser only applies to this plugin's routes.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const params: Record<string, string | string[]> = {};
      for (const [key, value] of new URLSearchParams(body as string)) {
        const prev = params[key];
        params[key] = prev === undefined ? value : ([] as string[]).concat(prev, value);
      }
      done(null, params);
    },
  );

  const handler = async (request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
    const query = isRecord(request.query) ? request.query : {};
    const body = isRecord(request.body) ? request.body : {};
    const header = request.headers['x-signature'];
    const answer = await service.handlePostback(app.deps, {
      slug: request.params.slug,
      params: { ...query, ...body },
      signatureHeader: typeof header === 'string' ? header : null,
      ip: request.ip,
    });
    return reply
      .status(answer.status)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(answer.body);
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/postback/:slug',
    // A HEAD request must not credit anything.
    exposeHeadRoute: false,
    schema: { params: z.object({ slug: z.string().max(200) }) },
    handler,
  });
};
