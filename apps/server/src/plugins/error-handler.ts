import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@rewards/contracts';
import { AppError } from '../shared/errors.ts';

/**
 * The one place errors become HTTP answers: `{ error, code }` plus what the spec's client reads.
 * Anything unexpected is logged and answered with a bare 500 that leaks nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: err.message, code: err.code, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext;
      const message = `${field ? `${field}: ` : ''}${first?.message ?? 'invalid value'}`;
      return reply.status(400).send(body(message, 'VALIDATION'));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body('Too many requests, please slow down.', 'RATE_LIMITED'));
    if (status === 413) return reply.status(413).send(body('Request body is too large.', 'PAYLOAD_TOO_LARGE'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, ...) carry safe messages.
      return reply.status(status).send(body(err.message, 'VALIDATION'));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('Something went wrong on our side. Please try again.', 'INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body(`No endpoint ${request.method} ${request.url.split('?')[0]}`, 'NOT_FOUND'));
  });
}

function body(error: string, code: ErrorCode): ErrorBody {
  return { error, code };
}
