import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import { AppError } from '../shared/errors.ts';

/** Seconds a turned-away caller is asked to wait. */
const RETRY_AFTER_SECONDS = 5;
/** How often the event loop's delay is sampled (ms). */
const SAMPLE_INTERVAL_MS = 250;
/**
 * Answered even under pressure: a busy process is not a dead one, and a supervisor restarting it (the
 * container's health check) or a scrape going dark would only make things worse.
 */
const ALWAYS_ANSWERED = new Set(['/api/health', '/metrics']);

const overloaded = () =>
  new AppError(503, 'OVERLOADED', 'The site is very busy right now. Please try again in a few seconds.');

/**
 * Sheds load before the event loop stalls: while its delay is above `maxEventLoopDelayMs`, requests
 * get 503 OVERLOADED at once (through the error handler, in the API's error shape) instead of all of
 * them waiting ever longer. `0` turns it off.
 */
export const loadSheddingPlugin = fp<{ maxEventLoopDelayMs: number }>(async (app, opts) => {
  if (opts.maxEventLoopDelayMs <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: opts.maxEventLoopDelayMs,
    sampleInterval: SAMPLE_INTERVAL_MS,
    pressureHandler: (request, reply) => {
      if (ALWAYS_ANSWERED.has(request.routeOptions.url ?? '')) return undefined;
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return Promise.reject(overloaded());
    },
  });
});
