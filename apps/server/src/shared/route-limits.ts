/**
 * Who a limit counts: `address` (the client's address as TRUST_PROXY yields it, checked before
 * anything else runs), `player` (the signed-in player, checked after sign-in was verified; the
 * address when there is none) or `player-address` (the player from this address: another address's
 * attempts on the same account have a budget of their own).
 */
export type LimitKey = 'address' | 'player' | 'player-address';

/** One rate limit of a route: `max` requests a minute per `key`. */
export interface RouteLimit {
  /** Requests per minute per key. */
  max: number;
  key: LimitKey;
  /**
   * While the shared counters (Redis) cannot be reached: `refuse` (the default) answers 503, so an
   * outage never turns a limit off; `allow` lets requests through uncounted, for a limit that only
   * sheds load from callers already checked otherwise (signed postbacks, which providers resend for
   * a limited time only).
   */
  ifCountersDown?: 'refuse' | 'allow';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's rate limits (docs/decisions/0004-rate-limits.md), applied by plugins/rate-limits.ts.
     * Each counts on its own and any one refuses; the first one's figures are the `x-ratelimit-*`
     * headers. A route without `limits` is not limited (a handler may still check a limit of its
     * own with `app.makeLimit`).
     */
    limits?: readonly RouteLimit[];
  }
}
