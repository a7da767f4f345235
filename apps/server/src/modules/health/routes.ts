import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthResponse } from '@rewards/contracts';
import type { Database } from '../../db/database.ts';
import { pingDatabase } from './repository.ts';

const ROBLOX_PING_TTL_MS = 30_000;
/** A database that does not answer within this is reported down (a PostgreSQL pool may otherwise wait for minutes). */
export const DATABASE_PING_TIMEOUT_MS = 2_000;

/** 'ok' when the database answers `select 1` in time, 'down' otherwise; never throws. */
export async function databaseState(
  db: Database,
  timeoutMs = DATABASE_PING_TIMEOUT_MS,
): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), timeoutMs);
  });
  try {
    return await Promise.race([
      pingDatabase(db).then(
        () => 'ok' as const,
        () => 'down' as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

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

  app.get('/health', async (_request, reply) => {
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
