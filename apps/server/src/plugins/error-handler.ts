import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@rewards/contracts';
import { AppError } from '../shared/errors.ts';

/** Client-supplied text echoed in an error (a path, a parser's message) is cut to this length. */
const MAX_ECHO = 200;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The spec's client reads more than `{ error, code }` from this route's errors (the one place
     * those fields are added):
     * - `refusals`: `success: false` on the refusals the route's handler makes (sign-in, the daily
     *   claim, promo codes), not on what is refused before it runs (sign-in, body limit, validation);
     * - `every-error`: `success: false` and `message`, a copy of `error`, on every error (withdrawals).
     */
    legacyErrorFields?: 'refusals' | 'every-error';
  }
}

/**
 * The one place errors become HTTP answers: `{ error, code }` plus what the spec's client reads.
 * Anything unexpected is logged and answered with a bare 500 that leaks nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  const refusedByHandler = new WeakSet<FastifyRequest>();
  app.addHook('onRoute', (route) => {
    if (route.config?.legacyErrorFields !== 'refusals') return;
    const handler = route.handler as (...args: Parameters<RouteHandlerMethod>) => unknown;
    route.handler = async function (this: FastifyInstance, request, reply) {
      try {
        return await handler.call(this, request, reply);
      } catch (err) {
        refusedByHandler.add(request);
        throw err;
      }
    };
  });

  const answer = (request: FastifyRequest, reply: FastifyReply, status: number, error: ErrorBody) => {
    const legacy = request.routeOptions.config.legacyErrorFields;
    let body = error;
    if (legacy === 'every-error') body = { ...error, success: false, message: error.error };
    else if (legacy === 'refusals' && refusedByHandler.has(request)) body = { ...error, success: false };
    return reply.status(status).send(body);
  };

  app.setErrorHandler((thrown: unknown, request, reply) => {
    if (thrown instanceof AppError) {
      return answer(request, reply, thrown.status, {
        error: thrown.message,
        code: thrown.code,
        ...thrown.extra,
      });
    }
    // Libraries may throw anything (a string, null): only an object can carry a status.
    const err = (typeof thrown === 'object' && thrown !== null ? thrown : {}) as Partial<FastifyError>;
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext;
      const message = `${field ? `${field}: ` : ''}${first?.message ?? 'invalid value'}`;
      return answer(request, reply, 400, body(clip(message), 'VALIDATION'));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 429)
      return answer(request, reply, 429, body('Too many requests, please slow down.', 'RATE_LIMITED'));
    if (status === 413)
      return answer(request, reply, 413, body('Request body is too large.', 'PAYLOAD_TOO_LARGE'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, ...) carry safe messages.
      return answer(request, reply, status, body(clip(err.message || 'Bad request.'), 'VALIDATION'));
    }
    request.log.error({ err: thrown }, 'unhandled error');
    return answer(
      request,
      reply,
      500,
      body('Something went wrong on our side. Please try again.', 'INTERNAL'),
    );
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(body(`No endpoint ${request.method} ${clip(request.url.split('?')[0] ?? '')}`, 'NOT_FOUND'));
  });
}

function clip(text: string): string {
  return text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text;
}

function body(error: string, code: ErrorCode): ErrorBody {
  return { error, code };
}
