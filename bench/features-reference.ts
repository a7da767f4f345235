// A reference server for the bench: the site's own Fastify set-up (`buildFeatures` in app.ts: request
// id, access log line, metrics, security headers and input checks, rate limits, cookies, session
// hooks) answering the balance poll's route, with its contract schemas, with a constant body after
// an async sign-in check that reads no database. What the poll costs beyond this row is the
// session's query; what this row costs beyond bare Fastify is the features'.
// Run by bench/servers.ts as a bundle (like the server), with the site server's environment.
import { errorResponses, meResponse, playerRoute, usernameParams } from '@rewards/contracts';
import { buildFeatures } from '../apps/server/src/app.ts';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { robloxConfigFromEnv } from '../apps/server/src/roblox/config.ts';
import { createRobloxGateway } from '../apps/server/src/roblox/gateway.ts';
import { systemClock } from '../apps/server/src/shared/clock.ts';
import { unauthenticated } from '../apps/server/src/shared/errors.ts';

const env = loadEnv({ ...process.env, DATABASE_URL: ':memory:' });
const db = createDatabase(env.DATABASE_URL);
const app = await buildFeatures({
  env,
  db,
  clock: systemClock,
  roblox: createRobloxGateway(robloxConfigFromEnv(env)),
});

const body = {
  username: 'benchplayer5',
  displayName: 'Bench 5',
  robloxId: 10000005,
  robux: 19.5,
  earnings: 19.5,
  verified: false,
  status: 'active' as const,
};
const signedIn = async (request: { headers: { authorization?: string } }) => {
  if (!/^Bearer\s+\S+$/i.test(request.headers.authorization ?? '')) throw unauthenticated();
};
await app.register(
  async (api) => {
    api.get(
      '/user/:username',
      {
        schema: {
          ...playerRoute,
          params: usernameParams,
          response: { 200: meResponse, ...errorResponses(400, 401, 403) },
        },
        preHandler: signedIn,
      },
      async () => body,
    );
    api.get('/health', async () => ({ ok: true })); // what the bench waits for
  },
  { prefix: '/api' },
);

const stop = async () => {
  await app.close();
  await db.destroy();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
await app.listen({ port: env.PORT, host: '127.0.0.1' });
