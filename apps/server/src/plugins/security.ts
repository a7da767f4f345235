import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../shared/errors.ts';
import { rateLimitsPlugin } from './rate-limits.ts';

/** Where Cloudflare Turnstile's widget script comes from (apps/web's HumanCheck loads it). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** Deeper than any request this API takes; a deeper body is refused before anything walks it. */
export const MAX_INPUT_DEPTH = 32;

const NUL_IN_TEXT = 'Text may not contain NUL characters.';
const TOO_DEEP = 'The request is nested too deeply.';

/**
 * The first reason to refuse a request's decoded input, or null: a NUL character anywhere (PostgreSQL
 * text cannot hold one, so it would fail deep inside a query) or nesting deeper than MAX_INPUT_DEPTH
 * (recursive code such as JSON.stringify would overflow the stack). It runs on every request, so it
 * allocates nothing; its own recursion stops at MAX_INPUT_DEPTH.
 */
export function inputProblem(...inputs: unknown[]): string | null {
  for (const input of inputs) {
    const problem = problemIn(input, 0);
    if (problem) return problem;
  }
  return null;
}

function problemIn(value: unknown, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? NUL_IN_TEXT : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth >= MAX_INPUT_DEPTH) return TOO_DEEP;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000')) return NUL_IN_TEXT;
    const problem = problemIn((value as Record<string, unknown>)[key], depth + 1);
    if (problem) return problem;
  }
  return null;
}

/**
 * helmet's headers, worked out once: they depend only on the configuration, and building them per
 * request (as @fastify/helmet does) was a visible share of a balance poll's time.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, res as never, () => {});
  return headers;
}

/**
 * Security headers with a Content-Security-Policy that allows no inline script; avatars and
 * frames come from our own origin or the offer providers' (any https origin, as walls are data).
 * HSTS only in production, where the site is served over https. No CORS plugin is registered, so no
 * answer carries `access-control-allow-*` and other origins' pages cannot read the API.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const production = app.deps.env.NODE_ENV === 'production';
  // Cloudflare Turnstile's script, only when the human check is configured (its frame is https:).
  const turnstile = app.deps.env.TURNSTILE_SITE_KEY ? [TURNSTILE_ORIGIN] : [];
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...turnstile],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ['https:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Before any route's validation or handler sees the input.
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = inputProblem(request.params, request.query, request.body, request.headers);
    done(problem ? badRequest(problem) : undefined);
  });

  // Limits are opted into per route (config.limits); nothing is limited globally.
  await app.register(rateLimitsPlugin);
});
