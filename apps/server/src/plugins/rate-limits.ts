import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Env } from '../env.ts';

/**
 * Who a limit counts: `address` (the client's address, checked before anything else runs) or
 * `player` (the signed-in player, checked after sign-in was verified; the address when there is none).
 */
export type LimitKey = 'address' | 'player';

export interface RouteLimit {
  methods: readonly string[];
  url: string;
  /** Requests per minute per key. */
  max: number;
  key: LimitKey;
}

const WINDOW_MS = 60_000;

/**
 * The one table of per-route limits (see docs/decisions/0004-rate-limits.md). Routes are matched by
 * method and URL as registered, so no module needs to know about it; a module's own
 * `config.rateLimit` is replaced for the routes named here and kept for the others.
 */
export function rateLimitTable(env: Env): RouteLimit[] {
  return [
    // Sign-in and the name lookup ask Roblox for every call: per address.
    { methods: ['POST'], url: '/api/login', max: env.RATE_LIMIT_LOGIN_PER_MINUTE, key: 'address' },
    { methods: ['POST'], url: '/api/roblox-lookup', max: env.RATE_LIMIT_LOGIN_PER_MINUTE, key: 'address' },
    // On top of the admin module's "10 wrong passwords a minute" block.
    { methods: ['POST'], url: '/api/admin/login', max: env.RATE_LIMIT_LOGIN_PER_MINUTE, key: 'address' },
    // Each call reads the player's Roblox profile.
    { methods: ['POST'], url: '/api/verify-bio', max: env.RATE_LIMIT_VERIFY_PER_MINUTE, key: 'player' },
    // The withdrawals module's own figures, keyed by player instead of by raw token.
    { methods: ['POST'], url: '/api/verification/refresh', max: 20, key: 'player' },
    { methods: ['POST'], url: '/api/withdraw', max: 60, key: 'player' },
    // Providers' servers: per address, so one noisy wall cannot starve another.
    {
      methods: ['GET', 'POST'],
      url: '/api/postback/:slug',
      max: env.RATE_LIMIT_POSTBACK_PER_MINUTE,
      key: 'address',
    },
    // Generous: a person types a few codes a minute; a script guessing codes is slowed down.
    { methods: ['POST'], url: '/api/promocode/redeem', max: 30, key: 'player' },
    // Every open page asks when the countdown ends.
    { methods: ['POST'], url: '/api/giveaway/pick', max: 30, key: 'address' },
  ];
}

export function findRouteLimit(
  table: readonly RouteLimit[],
  method: string,
  url: string,
): RouteLimit | undefined {
  return table.find((l) => l.url === url && l.methods.includes(method));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

/** The counter's key: never a raw token (keys may sit in Redis). */
export function limitKeyOf(request: FastifyRequest, key: LimitKey): string {
  if (key === 'player') {
    if (request.player) return `player:${request.player.id}`;
    const auth = request.headers.authorization;
    if (typeof auth === 'string' && auth !== '') return `token:${sha256(auth)}`;
  }
  return `addr:${request.ip}`;
}

function routeMethods(route: RouteOptions): string[] {
  return [route.method].flat().map((m) => String(m).toUpperCase());
}

/**
 * Registers `@fastify/rate-limit` (nothing limited globally) and applies the table above through an
 * `onRoute` hook. With `REDIS_URL` the counters live in Redis and are shared by every process;
 * otherwise they are in memory. A Redis outage lets requests through rather than failing them.
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  const env = app.deps.env;
  const table = rateLimitTable(env);

  // Must be added before the rate-limit plugin's own onRoute hook, which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    const limits = routeMethods(route)
      .map((m) => findRouteLimit(table, m, route.url))
      .filter((l): l is RouteLimit => l !== undefined);
    const limit = limits[0];
    if (!limit) return;
    route.config = {
      ...route.config,
      rateLimit: {
        max: limit.max,
        timeWindow: WINDOW_MS,
        // Player limits run after the route's sign-in check, so they count the account, not the token.
        hook: limit.key === 'player' ? 'preHandler' : 'onRequest',
        keyGenerator: (request: FastifyRequest) => limitKeyOf(request, limit.key),
      },
    };
  });

  let redis: Redis | undefined;
  if (env.REDIS_URL) {
    redis = new Redis(env.REDIS_URL, {
      // Fail fast while Redis is unreachable instead of queueing behind the request.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
    });
    let lastWarning = 0;
    redis.on('error', (err: Error) => {
      if (Date.now() - lastWarning < 60_000) return;
      lastWarning = Date.now();
      app.log.warn(
        { err: err.message },
        'rate-limit store (Redis) unreachable; requests are not limited meanwhile',
      );
    });
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }

  await app.register(rateLimit, {
    global: false,
    timeWindow: WINDOW_MS,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'rbxrewards-rl:' } : {}),
  });
});
