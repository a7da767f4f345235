/**
 * The payout worker on its own, outside the web server (e.g. one worker process beside several web
 * processes started with PAYOUT_INTERVAL_MS=0). Same environment as the server.
 *
 *   node --import tsx apps/server/src/modules/withdrawals/payout-cli.ts          # runs until SIGTERM/SIGINT
 *   node --import tsx apps/server/src/modules/withdrawals/payout-cli.ts --once   # works what is due, then exits
 */
import pino from 'pino';
import { DatabaseClock } from '../../db/database-clock.ts';
import { createDatabase } from '../../db/database.ts';
import { prepareSchema } from '../../db/migrate.ts';
import { loadEnv } from '../../env.ts';
import { robloxConfigFromEnv } from '../../roblox/config.ts';
import { createRobloxGateway } from '../../roblox/gateway.ts';
import type { Deps } from '../../deps.ts';
import { runPayoutOnce, startPayoutWorker } from './payout-worker.ts';

const env = loadEnv();
const log = pino({ level: env.LOG_LEVEL, name: 'payouts' });
if (env.PAYOUT_MODE !== 'roblox') {
  log.error('PAYOUT_MODE is not "roblox": withdrawals are paid by hand in the admin console; nothing to do.');
  process.exit(1);
}

const db = createDatabase(env.DATABASE_URL);
// Like the server: migrates outside production, and in production refuses a schema not its build's.
await prepareSchema(db, env.NODE_ENV);
const clock = new DatabaseClock(db);
await clock.sync();
clock.keepInStep((err) => log.warn({ err }, 'could not read the database clock; keeping the last offset'));
const deps: Deps = { env, db, clock, roblox: createRobloxGateway(robloxConfigFromEnv(env)) };

if (process.argv.includes('--once')) {
  let worked = 0;
  for (
    let result = await runPayoutOnce(deps, { log });
    result && worked < 10_000;
    result = await runPayoutOnce(deps, { log })
  ) {
    worked++;
    log.info(result, 'payout: worked one withdrawal');
  }
  clock.stop();
  await db.destroy();
  log.info({ worked }, 'payout: nothing more due now');
} else {
  const worker = startPayoutWorker(deps, { intervalMs: env.PAYOUT_INTERVAL_MS || 5_000, log, unref: false });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'payout worker stopping');
    await worker.stop();
    clock.stop();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
