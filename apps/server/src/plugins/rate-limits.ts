import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { limitKeyOfAddress } from '../shared/addresses.ts';
import { AppError } from '../shared/errors.ts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { LimitKey, RouteLimit } from '../shared/route-limits.ts';

const WINDOW_MS = 60_000;

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
     * like the routes' limits.
     */
    makeLimit(
      name: string,
      max: number,
      key: LimitKey,
      ifCountersDown?: RouteLimit['ifCountersDown'],
    ): LimitCheck;
    /** Each limit a route declared, once per method it was applied to (tests check every route's). */
    routeLimits: AppliedLimit[];
  }
}

/** A limit as applied to one method of a route. */
export interface AppliedLimit extends RouteLimit {
  method: string;
  url: string;
}

/**
 * The in-memory counters (without REDIS_URL): a fixed one-minute window per key, at most
 * MAX_LOCAL_KEYS keys (the oldest window goes first). @fastify/rate-limit's own LocalStore hands
 * every caller the same counter object and the plugin reads it after an await, so a burst of N
 * requests all saw the count N: with N above the limit every one of them was refused, the first
 * ones included. Each caller gets its own snapshot here.
 */
const MAX_LOCAL_KEYS = 10_000;
type IncrCallback = (err: Error | null, result: { current: number; ttl: number } | null) => void;
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
 * What a limited request gets while the shared counters (Redis) cannot be reached: refused, never let
 * through uncounted, so an outage cannot turn every limit off (sign-in, admin sign-in, promo guesses).
 */
function countersUnavailable(): AppError {
  return new AppError(
    503,
    'LIMITS_UNAVAILABLE',
    'This action is paused for a moment because the site cannot count attempts right now. Please try again shortly.',
  );
}

/** @fastify/rate-limit's Redis store, which the package ships without types of its own. */
interface RedisStore {
  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): RedisStore;
}
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => RedisStore;

/**
 * The shared counters (with REDIS_URL): @fastify/rate-limit's own Redis store, each of whose failures
 * (Redis down, not yet connected, too slow) becomes `countersUnavailable`. The plugin runs with
 * `skipOnError: false`, so that error is thrown from the route's limit check to the error handler
 * instead of the request going through uncounted. A limit declared `ifCountersDown: 'allow'` lets
 * its requests through uncounted instead.
 */
class FailClosedCounters {
  constructor(
    private readonly inner: RedisStore,
    private readonly allowWhenDown = false,
  ) {}
  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    this.inner.incr(
      key,
      (err, result) => {
        if (!err && result) callback(null, result);
        else if (this.allowWhenDown) callback(null, { current: 0, ttl: timeWindow });
        else callback(countersUnavailable(), null);
      },
      timeWindow,
      max,
    );
  }
  /** The plugin's per-limit store: `options` carries the limit's settings, ours among them. */
  child(options: { ifCountersDown?: RouteLimit['ifCountersDown'] }): FailClosedCounters {
    return new FailClosedCounters(this.inner.child(options), options.ifCountersDown === 'allow');
  }
}

/** A limit's `ifCountersDown`, handed through the plugin's options to its store's `child`. */
const whenDown = (ifCountersDown: RouteLimit['ifCountersDown']): object =>
  ifCountersDown ? { ifCountersDown } : {};

/** The store class the plugin instantiates (`new store(params)`), counting in `redis`. */
function sharedCountersIn(redis: Redis) {
  return class extends FailClosedCounters {
    constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
      super(new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, 'rbxrewards-rl:'));
    }
  };
}

/**
 * Registers `@fastify/rate-limit` (nothing limited globally) and applies each route's `config.limits`
 * (shared/route-limits.ts) through an `onRoute` hook. With `REDIS_URL` the counters live in Redis and
 * are shared by every process, and while Redis cannot be reached every limited request is refused
 * with a 503 (fail closed; docs/decisions/0028-one-site-many-processes.md), except under a limit
 * declared `ifCountersDown: 'allow'`; otherwise they are in
 * memory.
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  const env = app.deps.env;
  // createRateLimit comes from the plugin registered below; a check looks it up at its first request.
  app.decorate(
    'makeLimit',
    (name: string, max: number, key: LimitKey, ifCountersDown?: RouteLimit['ifCountersDown']): LimitCheck => {
      let check: ReturnType<FastifyInstance['createRateLimit']> | undefined;
      return async (request, reply) => {
        check ??= app.createRateLimit({
          max,
          timeWindow: WINDOW_MS,
          keyGenerator: (req: FastifyRequest) => `${name}|${limitKeyOf(req, key)}`,
          ...whenDown(ifCountersDown),
        });
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw tooManyRequests();
      };
    },
  );
  app.decorate('routeLimits', []);

  // Must be added before the rate-limit plugin's own onRoute hook, which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit !== undefined) {
      throw new Error(`${route.url}: a route declares its limits in config.limits, not config.rateLimit`);
    }
    const limits = route.config?.limits ?? [];
    if (limits.length === 0) return;
    const methods = routeMethods(route);
    for (const method of methods) {
      for (const limit of limits) app.routeLimits.push({ method, url: route.url, ...limit });
    }
    // The first goes through the plugin (with its x-ratelimit-* headers); each further one is a hook
    // of its own, at the same stage its key needs. Fastify adds a HEAD twin of each GET route with the
    // GET's options as they were before this hook (its handler runs: a HEAD of the export reads the
    // data, one of Sign in with Roblox's start keeps a flow), so the twin is limited too, each limit by
    // a hook, on a budget of its own.
    const limit = route.method === 'HEAD' ? undefined : limits[0];
    for (const extra of limit ? limits.slice(1) : limits) {
      const stage = extra.key === 'address' ? 'onRequest' : 'preHandler';
      const name = `${methods.join(',')} ${route.url} ${extra.key}`;
      const check = app.makeLimit(name, extra.max, extra.key, extra.ifCountersDown);
      const hooks = [route[stage] ?? []].flat() as LimitCheck[];
      route[stage] = [...hooks, check] as never;
    }
    if (!limit) return;
    route.config = {
      ...route.config,
      rateLimit: {
        max: limit.max,
        timeWindow: WINDOW_MS,
        // Player limits run after the route's sign-in check, so they count the account, not the token.
        hook: limit.key === 'address' ? 'onRequest' : 'preHandler',
        keyGenerator: (request: FastifyRequest) => limitKeyOf(request, limit.key),
        ...whenDown(limit.ifCountersDown),
      },
    };
  });

  let redis: Redis | undefined;
  if (env.REDIS_URL) {
    redis = new Redis(env.REDIS_URL, {
      // Fail fast while Redis is unreachable (a 503, see countersUnavailable) instead of queueing
      // behind the request; a Redis that stops answering fails the command after a second.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
    });
    let lastWarning = 0;
    redis.on('error', (err: Error) => {
      if (Date.now() - lastWarning < 60_000) return;
      lastWarning = Date.now();
      app.log.warn(
        { err: err.message },
        'rate-limit store (Redis) unreachable; limited routes answer 503 meanwhile',
      );
    });
    // The app is ready once Redis is (or has failed once, or after the connect timeout): a process
    // that has just started does not refuse its first limited requests while it connects.
    const connecting = redis;
    app.addHook('onReady', async () => {
      if (connecting.status === 'ready') return;
      await new Promise<void>((done) => {
        const timer = setTimeout(finish, 2_000);
        function finish() {
          clearTimeout(timer);
          connecting.off('ready', finish).off('error', finish);
          done();
        }
        connecting.once('ready', finish).once('error', finish);
      });
    });
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }

  await app.register(rateLimit, {
    global: false,
    timeWindow: WINDOW_MS,
    skipOnError: false,
    store: (redis ? sharedCountersIn(redis) : LocalCounters) as never,
  });
});
