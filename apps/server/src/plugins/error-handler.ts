import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@rewards/contracts';
import { AppError } from '../shared/errors.ts';

/** Client-supplied text echoed in an error (a path, a parser's message) is cut to this length. */
const MAX_ECHO = 200;

/**
 * The one place errors become HTTP answers: `{ error, code }` plus what the spec's client reads.
 * Anything unexpected is logged and answered with a bare 500 that leaks nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: unknown, request, reply) => {
    if (thrown instanceof AppError) {
      return reply.status(thrown.status).send({ error: thrown.message, code: thrown.code, ...thrown.extra });
    }
    // Libraries may throw anything (a string, null): only an object can carry a status.
    const err = (typeof thrown === 'object' && thrown !== null ? thrown : {}) as Partial<FastifyError>;
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext;
      const message = `${field ? `${field}: ` : ''}${first?.message ?? 'invalid value'}`;
      return reply.status(400).send(body(clip(message), 'VALIDATION'));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 429)
      return reply.status(429).send(body('Too many requests, please slow down.', 'RATE_LIMITED'));
    if (status === 413)
      return reply.status(413).send(body('Request body is too large.', 'PAYLOAD_TOO_LARGE'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, ...) carry safe messages.
      return reply.status(status).send(body(clip(err.message || 'Bad request.'), 'VALIDATION'));
    }
    request.log.error({ err: thrown }, 'unhandled error');
    return reply.status(500).send(body('Something went wrong on our side. Please try again.', 'INTERNAL'));
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
