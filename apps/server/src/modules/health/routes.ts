import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, healthResponse, publicRoute, type HealthResponse } from '@rewards/contracts';
import { databaseState } from './service.ts';

const ROBLOX_PING_TTL_MS = 30_000;

/**
 * `GET /api/health`: database and Roblox reachability, for load balancers and operators.
 * 200 while the database answers (Roblox being down degrades the site but does not take it out of a
 * load balancer: players still see their balances); 503 when the database does not.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Roblox is pinged at most every 30 s (and once at a time), so a probe hitting /health cannot hammer it.
  let roblox: { state: HealthResponse['roblox']; at: number } = { state: 'unknown', at: -Infinity };
  let pinging: Promise<void> | null = null;

  function refreshRoblox(): Promise<void> {
    pinging ??= app.deps.roblox
      .ping()
      .catch(() => false)
      .then((up) => {
        roblox = { state: up ? 'ok' : 'down', at: app.deps.clock.now().getTime() };
      })
      .finally(() => {
        pinging = null;
      });
    return pinging;
  }

  const schema = {
    ...publicRoute,
    response: { ...errorResponses(), 200: healthResponse, 503: healthResponse },
  };
  app.get('/health', { schema }, async (_request, reply) => {
    const stale = app.deps.clock.now().getTime() - roblox.at >= ROBLOX_PING_TTL_MS;
    const [database] = await Promise.all([databaseState(app.deps.db), stale ? refreshRoblox() : null]);
    const body: HealthResponse = {
      status: database === 'ok' && roblox.state !== 'down' ? 'ok' : 'degraded',
      database,
      roblox: roblox.state,
    };
    return reply
      .status(database === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
};
