/** @fastify/rate-limit's Redis store, which the package ships without types of its own. */
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';

  type IncrCallback = (err: Error | null, result: { current: number; ttl: number } | null) => void;
  class RedisStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void;
    child(routeOptions: unknown): RedisStore;
  }
  export default RedisStore;
}
