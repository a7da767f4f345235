import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { createDatabase } from './db/database.ts';
import { prepareSchema } from './db/migrate.ts';
import { loadEnv } from './env.ts';
import { robloxConfigFromEnv } from './roblox/config.ts';
import { createRobloxGateway } from './roblox/gateway.ts';
import { systemClock } from './shared/clock.ts';

const env = loadEnv();
const db = createDatabase(env.DATABASE_URL, { poolSize: env.DATABASE_POOL_SIZE });
// Production refuses a schema that is not this build's (`npm run migrate` is a step of its own).
await prepareSchema(db, env.NODE_ENV);

const roblox = createRobloxGateway(robloxConfigFromEnv(env));

const webDist = env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = await buildApp({ env, db, clock: systemClock, roblox }, { webDist });

if (env.adminPasswordGenerated) {
  // Printed to the terminal only, never into the structured logs.
  process.stderr.write(`\nADMIN_PASSWORD is not set; this run's admin password is: ${env.ADMIN_PASSWORD}\n\n`);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: env.PORT, host: env.HOST });
