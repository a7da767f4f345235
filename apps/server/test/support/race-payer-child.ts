/**
 * A race payer in a process of its own (race-payer-killed.test.ts): pays the due race prizes on
 * DATABASE_URL once, as the server's race round does (`settleRaces`), prints `paid <n>` and exits.
 *
 * With STOP_AT_KEY (SQLite only, where the test cannot block one write and not another: the
 * database has one lock), the process stops for good inside the transaction of the ledger posting
 * with that key, once it has taken the write lock: it prints `stopped` and blocks its only thread,
 * so the test can kill it there. This is test code: production code has no such stop.
 */
import { writeSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { createDatabase } from '../../src/db/database.ts';
import type { Deps } from '../../src/deps.ts';
import { loadEnv } from '../../src/env.ts';
import { settleRaces } from '../../src/modules/races/prizes.ts';
import { createRobloxGateway } from '../../src/roblox/gateway.ts';
import { robloxConfigFromEnv } from '../../src/roblox/config.ts';
import { systemClock } from '../../src/shared/clock.ts';

const stopAt = process.env.STOP_AT_KEY;
if (stopAt) {
  // Every statement the SQLite driver prepares from here on is watched for the key among its values.
  const prepare = SQLite.prototype.prepare;
  SQLite.prototype.prepare = function (this: SQLite.Database, source: string) {
    const statement = prepare.call(this, source) as SQLite.Statement;
    for (const method of ['run', 'all', 'get'] as const) {
      const original = statement[method].bind(statement) as (...a: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
        if (params.flat().includes(stopAt)) {
          writeSync(1, 'stopped\n');
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
        }
        return original(...params);
      };
    }
    return statement;
  } as typeof SQLite.prototype.prepare;
}

const env = loadEnv({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const db = createDatabase(env.DATABASE_URL, { poolSize: 2 });
const deps: Deps = { env, db, clock: systemClock, roblox: createRobloxGateway(robloxConfigFromEnv(env)) };
const paid = await settleRaces(deps);
writeSync(1, `paid ${paid}\n`);
await db.destroy();
