import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses, postbackAnswer, postbackRefusal, publicRoute } from '@rewards/contracts';
import { z } from 'zod';
import { postbacks } from '../../../shared/metrics.ts';
import { publicBase } from '../../../shared/public-url.ts';
import { SIGNATURE_HEADERS } from './schemes/index.ts';
import { formParams, queryParamsOf } from './params.ts';
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
    (_request, body, done) => done(null, formParams(body as string)),
  );

  const handler = async (request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
    // The query as it arrived, read once here for every scheme: the URL-signing providers sign the
    // raw text, and the values must be the ones that text carries.
    const rawUrl = request.raw.url ?? request.url;
    const query = queryParamsOf(rawUrl);
    const body = isRecord(request.body) ? request.body : {};
    const headers: Record<string, string | undefined> = {};
    for (const name of SIGNATURE_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await service.handlePostback(app.deps, {
      slug: request.params.slug,
      query,
      body,
      url: `${publicBase(app.deps.env, `${request.protocol}://${request.host}`)}${rawUrl}`,
      headers,
      ip: request.ip,
    });
    postbacks.inc({ verdict: answer.verdict });
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
    // Providers' servers: per address, so one noisy wall cannot starve another. Signed and
    // allow-listed, a postback is let through while the counters are down: refused, it would be lost
    // once its provider stops resending.
    config: {
      limits: [{ max: app.deps.env.RATE_LIMIT_POSTBACK_PER_MINUTE, key: 'address', ifCountersDown: 'allow' }],
    },
    schema: {
      ...publicRoute,
      tags: ['postbacks'],
      params: z.object({ slug: z.string().max(200) }),
      // The handler's answers are text (sent as they are); the error handler's are JSON.
      response: {
        ...errorResponses(413, 429),
        200: postbackAnswer,
        400: postbackRefusal,
        403: postbackRefusal,
        404: postbackRefusal,
      },
    },
    handler,
  });
};
