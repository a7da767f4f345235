// `npm run bench [-- --db sqlite|postgres] [--pg-tcp] [--cluster 2] [--duration 10] [--only poll,postback] [--profile DIR]`
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

export const ROOT = resolve(import.meta.dirname, '..');
export type Engine = 'sqlite' | 'postgres';
/** Both engines unless `--db` names one. */
export const engines: Engine[] =
  arg('db') === 'postgres' ? ['postgres'] : arg('db') === 'sqlite' ? ['sqlite'] : ['sqlite', 'postgres'];
/** `--cluster N`: PostgreSQL's cases again against `start:cluster` with N workers (2; 0 skips them). */
export const clusterWorkers = Number(arg('cluster') ?? 2);
export const duration = Number(arg('duration') ?? 10);
/**
 * `--only poll,postback`: run just the cases whose name contains one of these words (for profiling);
 * the budgets measured apart from the load (`landing page weight`, `Roblox outages`, `live feed`) too.
 */
const only = arg('only')?.split(',');
export const wanted = (name: string) => !only || only.some((word) => name.includes(word));
/** `--profile DIR`: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). */
export const profileDir = arg('profile');
/** `--pg-tcp`: reach a local PostgreSQL over TCP even when its Unix socket is there. */
export const pgOverTcp = args.includes('--pg-tcp');

export const CONNECTIONS = 100;
/** Postbacks to unknown walls answered per second at least: 10,000 of them within a minute. */
export const UNKNOWN_WALL_MIN_RPS = 10_000 / 60;
/** What each server process may reach at its peak (resident memory, MB); the run fails above it. */
export const MAX_RSS_MB = 160;
export const WARM_UP_SECONDS = 2;
/** Unmeasured postbacks after seeding a PostgreSQL database (see `warmUpWrites`). */
export const DB_WARM_UP_SECONDS = 20;
export const CPX_SECRET = 'bench-cpx-secret';
export const METRICS_TOKEN = 'bench-metrics-token-0123456789';
