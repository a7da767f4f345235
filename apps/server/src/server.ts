import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { endSessionsOfOldAdminPassword } from './modules/admin/index.ts';
import { DatabaseClock } from './db/database-clock.ts';
import { createDatabase } from './db/database.ts';
import { prepareSchema } from './db/migrate.ts';
import { loadEnv } from './env.ts';
import { robloxConfigFromEnv } from './roblox/config.ts';
import { createRobloxGateway } from './roblox/gateway.ts';

const env = loadEnv();
const db = createDatabase(env.DATABASE_URL, { poolSize: env.DATABASE_POOL_SIZE });
// Production refuses a schema that is not this build's (`npm run migrate` is a step of its own).
await prepareSchema(db, env.NODE_ENV);

const roblox = createRobloxGateway(robloxConfigFromEnv(env));

const webDist = env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
// Times one process writes and another compares (holds, leases, streak days) are the database's.
const clock = new DatabaseClock(db);
await clock.sync();
const app = await buildApp({ env, db, clock, roblox }, { webDist });
if (await endSessionsOfOldAdminPassword(app.deps)) {
  app.log.info('ADMIN_PASSWORD is new: the sessions of the one before have ended');
}
clock.keepInStep((err) =>
  app.log.warn({ err }, 'could not read the database clock; keeping the last offset'),
);

if (env.adminPasswordGenerated) {
  // Printed to the terminal only, never into the structured logs.
  process.stderr.write(
    `\nADMIN_PASSWORD is not set; this run's admin password is: ${env.ADMIN_PASSWORD}\n\n`,
  );
}

// SIGTERM/SIGINT, or an error nothing caught: requests in flight finish (for SHUTDOWN_GRACE_MS at
// most), the database closes, and the process exits (1 after an error or a timeout) for its
// supervisor (systemd, the container runtime, start:cluster's primary) to start it again.
closeWithGrace({ delay: env.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) app.log.fatal({ err }, 'uncaught error: exiting');
  else app.log.info({ signal }, 'shutting down');
  clock.stop();
  await app.close();
  await db.destroy();
});

await app.listen({ port: env.PORT, host: env.HOST });
