import { createHash } from 'node:crypto';
import { limitKeyOfAddress } from '../shared/addresses.ts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Env } from '../env.ts';

/**
 * Who a limit counts: `address` (the client's address as TRUST_PROXY yields it, checked before
 * anything else runs), `player` (the signed-in player, checked after sign-in was verified; the
 * address when there is none) or `player-address` (the player from this address: another address's
 * attempts on the same account have a budget of their own).
 */
export type LimitKey = 'address' | 'player' | 'player-address';

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
 * `config.rateLimit` is replaced for the routes named here and kept for the others. A route may have
 * several entries (e.g. per player and per address): each counts on its own and any one refuses.
 */
export function rateLimitTable(env: Env): RouteLimit[] {
  return [
    // Sign-in and the name lookup ask Roblox for every call: per address.
    { methods: ['POST'], url: '/api/login', max: env.RATE_LIMIT_LOGIN_PER_MINUTE, key: 'address' },
    { methods: ['POST'], url: '/api/roblox-lookup', max: env.RATE_LIMIT_LOGIN_PER_MINUTE, key: 'address' },
    // Sign in with Roblox: each start keeps a flow, each callback asks Roblox; per address like sign-in.
    { methods: ['GET'], url: '/api/auth/roblox/start', max: env.RATE_LIMIT_LOGIN_PER_MINUTE, key: 'address' },
    {
      methods: ['GET'],
      url: '/api/auth/roblox/callback',
      max: env.RATE_LIMIT_LOGIN_PER_MINUTE,
      key: 'address',
    },
    {
      methods: ['POST'],
      url: '/api/auth/roblox/finish',
      max: env.RATE_LIMIT_LOGIN_PER_MINUTE,
      key: 'address',
    },
    // On top of the admin module's "10 wrong passwords a minute" block.
    { methods: ['POST'], url: '/api/admin/login', max: env.RATE_LIMIT_LOGIN_PER_MINUTE, key: 'address' },
    // Each call reads the player's Roblox profile. Per player from each address, so an impersonator
    // elsewhere cannot use up the owner's attempts; and per address, so that impersonator (or anyone
    // trying many accounts) is limited all the same.
    {
      methods: ['POST'],
      url: '/api/verify-bio',
      max: env.RATE_LIMIT_VERIFY_PER_MINUTE,
      key: 'player-address',
    },
    { methods: ['POST'], url: '/api/verify-bio', max: env.RATE_LIMIT_VERIFY_PER_MINUTE, key: 'address' },
    // Proofs of ownership: each reads a Roblox profile, like the bio check.
    { methods: ['POST'], url: '/api/login/prove', max: env.RATE_LIMIT_VERIFY_PER_MINUTE, key: 'address' },
    {
      methods: ['POST'],
      url: '/api/account/prove',
      max: env.RATE_LIMIT_VERIFY_PER_MINUTE,
      key: 'player-address',
    },
    { methods: ['POST'], url: '/api/account/prove', max: env.RATE_LIMIT_VERIFY_PER_MINUTE, key: 'address' },
    {
      methods: ['POST'],
      url: '/api/account/protection',
      max: env.RATE_LIMIT_VERIFY_PER_MINUTE,
      key: 'player-address',
    },
    {
      methods: ['POST'],
      url: '/api/account/protection',
      max: env.RATE_LIMIT_VERIFY_PER_MINUTE,
      key: 'address',
    },
    { methods: ['POST'], url: '/api/account/protection/proof', max: 20, key: 'player-address' },
    // The withdrawals module's own figures, keyed by player instead of by raw token. A Refresh changes
    // only the calling session's sentence; per address too, so nobody elsewhere uses up the owner's.
    { methods: ['POST'], url: '/api/verification/refresh', max: 20, key: 'player-address' },
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
    // ... and per address, so many accounts from one address do not multiply the guesses.
    {
      methods: ['POST'],
      url: '/api/promocode/redeem',
      max: env.RATE_LIMIT_PROMO_PER_MINUTE,
      key: 'address',
    },
    // Every open page asks when the countdown ends.
    { methods: ['POST'], url: '/api/giveaway/pick', max: 30, key: 'address' },
    // A data export reads every table about the player: a person downloads it once or twice.
    { methods: ['GET'], url: '/api/account/export', max: 3, key: 'player' },
    // Deleting may read a Roblox profile (the proof of a protected account): a person does it once.
    { methods: ['GET', 'POST'], url: '/api/account/delete', max: 10, key: 'player' },
  ];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

/** The counter's key: never a raw token (keys may sit in Redis). */
export function limitKeyOf(request: FastifyRequest, key: LimitKey): string {
  // Per network (an IPv6 /64 counts as one address: rotating inside it gains nothing).
  const address = `addr:${limitKeyOfAddress(request.ip)}`;
  if (key === 'address') return address;
  let who: string | undefined;
  if (request.player) who = `player:${request.player.id}`;
  else {
    const auth = request.headers.authorization;
    if (typeof auth === 'string' && auth !== '') who = `token:${sha256(auth)}`;
  }
  if (!who) return address;
  return key === 'player' ? who : `${who}|${address}`;
}

/** What the limit a route or handler checks itself refuses with: the same 429 as the plugin's. */
function tooManyRequests(): Error {
  return Object.assign(new Error('Too many requests'), { statusCode: 429 });
}

/** A limit checked by a hook or a handler itself (`reply` gets `Retry-After` when it refuses). */
export type LimitCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A limit of `max` a minute per `key`, checked where the caller chooses (e.g. only when an answer
     * needs Roblox). `name` keeps its counters apart from every other limit's; shared through Redis
     * like the table's.
     */
    makeLimit(name: string, max: number, key: LimitKey): LimitCheck;
  }
}

/**
 * The in-memory counters (without REDIS_URL): a fixed one-minute window per key, at most
 * MAX_LOCAL_KEYS keys (the oldest window goes first). @fastify/rate-limit's own LocalStore hands
 * every caller the same counter object and the plugin reads it after an await, so a burst of N
 * requests all saw the count N: with N above the limit every one of them was refused, the first
 * ones included. Each caller gets its own snapshot here.
 */
const MAX_LOCAL_KEYS = 10_000;
type IncrCallback = (err: Error | null, result: { current: number; ttl: number }) => void;
class LocalCounters {
  private readonly windows = new Map<string, { count: number; start: number }>();
  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.start + timeWindow <= now) {
      this.windows.delete(key);
      if (this.windows.size >= MAX_LOCAL_KEYS) {
        const oldest = this.windows.keys().next();
        if (!oldest.done) this.windows.delete(oldest.value);
      }
      window = { count: 0, start: now };
      this.windows.set(key, window);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.start + timeWindow - now });
  }
  child(): LocalCounters {
    return new LocalCounters();
  }
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

  // createRateLimit comes from the plugin registered below; a check looks it up at its first request.
  app.decorate('makeLimit', (name: string, max: number, key: LimitKey): LimitCheck => {
    let check: ReturnType<FastifyInstance['createRateLimit']> | undefined;
    return async (request, reply) => {
      check ??= app.createRateLimit({
        max,
        timeWindow: WINDOW_MS,
        keyGenerator: (req: FastifyRequest) => `${name}|${limitKeyOf(req, key)}`,
      });
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      throw tooManyRequests();
    };
  });

  // Must be added before the rate-limit plugin's own onRoute hook, which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    const methods = routeMethods(route);
    const limits = table.filter((l) => l.url === route.url && methods.some((m) => l.methods.includes(m)));
    const [limit, ...more] = limits;
    if (!limit) return;
    // The first goes through the plugin (with its x-ratelimit-* headers); each further one is a hook
    // of its own, at the same stage its key needs.
    for (const extra of more) {
      const stage = extra.key === 'address' ? 'onRequest' : 'preHandler';
      const check = app.makeLimit(
        `${extra.methods.join(',')} ${extra.url} ${extra.key}`,
        extra.max,
        extra.key,
      );
      const hooks = [route[stage] ?? []].flat() as LimitCheck[];
      route[stage] = [...hooks, check] as never;
    }
    route.config = {
      ...route.config,
      rateLimit: {
        max: limit.max,
        timeWindow: WINDOW_MS,
        // Player limits run after the route's sign-in check, so they count the account, not the token.
        hook: limit.key === 'address' ? 'onRequest' : 'preHandler',
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
    ...(redis ? { redis, nameSpace: 'rbxrewards-rl:' } : { store: LocalCounters as never }),
  });
});
