import type { Database } from './db/database.ts';
import type { Env } from './env.ts';
import type { RobloxGateway } from './roblox/gateway.ts';
import type { Clock } from './shared/clock.ts';

/** What services need from the outside world; built once in server.ts, or by tests. */
export interface Deps {
  env: Env;
  db: Database;
  clock: Clock;
  roblox: RobloxGateway;
}
