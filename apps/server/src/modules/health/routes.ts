import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthResponse } from '@rewards/contracts';

const ROBLOX_PING_TTL_MS = 30_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Roblox is pinged at most every 30 s, so a probe hitting /health cannot hammer it.
  let roblox: { state: HealthResponse['roblox']; at: number } = { state: 'unknown', at: 0 };

  app.get('/health', async (_request, reply) => {
    const database = await sql`select 1`
      .execute(app.deps.db)
      .then(() => 'ok' as const)
      .catch(() => 'down' as const);
    if (Date.now() - roblox.at > ROBLOX_PING_TTL_MS) {
      const up = await app.deps.roblox.ping().catch(() => false);
      roblox = { state: up ? 'ok' : 'down', at: Date.now() };
    }
    const body: HealthResponse = {
      status: database === 'ok' && roblox.state !== 'down' ? 'ok' : 'degraded',
      database,
      roblox: roblox.state,
    };
    return reply.status(database === 'ok' ? 200 : 503).send(body);
  });
};
