import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createDatabase, engineOf } from './db/database.ts';
import { prepareSchema } from './db/migrate.ts';
import { loadEnv } from './env.ts';
import { serveClusterMetrics } from './shared/cluster-metrics.ts';

/**
 * `npm run start:cluster`: N copies of the normal server (`server.ts`) on one PORT, with Node's
 * `cluster` module handing connections to the workers. The primary migrates the database once,
 * then forks; it restarts a worker that dies and passes SIGTERM/SIGINT on for a graceful stop.
 *
 * - WEB_CONCURRENCY: number of workers (default: the machine's CPUs with PostgreSQL, 1 with SQLite).
 *   With more than one, the workers count as SERVER_PROCESSES (at least), so in production on
 *   PostgreSQL the start is refused without REDIS_URL, which the limits need to be shared.
 * - SQLite allows one writer at a time across all processes, so more workers add contention, not
 *   write throughput. More than one worker on SQLite is refused unless `--allow-sqlite` (or
 *   CLUSTER_ALLOW_SQLITE=1) is given; use PostgreSQL (DATABASE_URL) to scale out.
 *
 * Every worker is stateless apart from caches (docs/decisions/0005-stateless-processes.md), so
 * workers on several machines behind a load balancer behave the same as workers on one.
 */

// The worker runs server.ts beside this file: the TypeScript source (tsx), or server.js when this
// is the bundle built by scripts/build-server.mjs (apps/server/dist/cluster.js).
const SERVER_ENTRY = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? './server.ts' : './server.js', import.meta.url),
);
/** A worker that lived at least this long before dying is restarted at once. */
const HEALTHY_UPTIME_MS = 30_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Workers still running this long after SIGTERM are killed. */
const SHUTDOWN_GRACE_MS = 30_000;

function say(message: string): void {
  process.stderr.write(`[cluster ${process.pid}] ${message}\n`);
}

function workerCount(engine: 'sqlite' | 'postgres'): number {
  const raw = process.env.WEB_CONCURRENCY;
  if (raw === undefined || raw === '') return engine === 'sqlite' ? 1 : availableParallelism();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    throw new Error(
      `Invalid configuration:\n  WEB_CONCURRENCY: expected a whole number of at least 1, got "${raw}"`,
    );
  }
  return n;
}

async function main(): Promise<void> {
  const declared = loadEnv();
  const engine = engineOf(declared.DATABASE_URL);
  const count = workerCount(engine);
  // Each worker knows it is one of (at least) `count`: the settings are checked again for that many
  // processes (REDIS_URL becomes required in production on PostgreSQL), here before any fork, and the
  // workers inherit the figure.
  const processes = String(Math.max(declared.SERVER_PROCESSES, count));
  const env = loadEnv({ ...process.env, SERVER_PROCESSES: processes });
  const allowSqlite = process.argv.includes('--allow-sqlite') || process.env.CLUSTER_ALLOW_SQLITE === '1';
  if (engine === 'sqlite' && count > 1 && !allowSqlite) {
    throw new Error(
      `WEB_CONCURRENCY=${count} with SQLite: SQLite takes one write at a time for all processes together, ` +
        'so several workers only queue behind each other (and wait up to busy_timeout). ' +
        'Set DATABASE_URL=postgres://... to run several workers, or pass --allow-sqlite ' +
        '(CLUSTER_ALLOW_SQLITE=1) to run them on SQLite anyway.',
    );
  }

  // The schema once, here, before any worker starts: migrated outside production; in production only
  // checked (`npm run migrate` is a step of its own), so a schema behind stops the start at once.
  const db = createDatabase(env.DATABASE_URL, { poolSize: 1 });
  try {
    await prepareSchema(db, env.NODE_ENV);
  } finally {
    await db.destroy();
  }

  // One admin password for every worker: without ADMIN_PASSWORD each would otherwise invent its own.
  const workerEnv: Record<string, string> = { SERVER_PROCESSES: processes };
  if (env.adminPasswordGenerated) {
    workerEnv.ADMIN_PASSWORD = env.ADMIN_PASSWORD;
    process.stderr.write(
      `\nADMIN_PASSWORD is not set; this run's admin password is: ${env.ADMIN_PASSWORD}\n\n`,
    );
  }

  cluster.setupPrimary({ exec: SERVER_ENTRY });
  // A scrape of /metrics reaches one worker, which asks here for every worker's figures.
  serveClusterMetrics();
  say(`starting ${count} worker${count === 1 ? '' : 's'} on port ${env.PORT} (${engine})`);

  let stopping = false;
  let failuresInARow = 0;
  const startedAt = new Map<number, number>();

  const fork = () => {
    const worker = cluster.fork(workerEnv);
    startedAt.set(worker.id, Date.now());
  };

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        say('all workers stopped');
        process.exit(0);
      }
      return;
    }
    failuresInARow = lived >= HEALTHY_UPTIME_MS ? 0 : failuresInARow + 1;
    // A worker that keeps dying at start (bad configuration, port taken) is retried ever more slowly.
    const delay =
      failuresInARow === 0 ? 0 : Math.min(1_000 * 2 ** (failuresInARow - 1), MAX_RESTART_DELAY_MS);
    say(
      `worker ${worker.process.pid} exited (${signal ?? `code ${code}`}) after ${Math.round(lived / 1000)} s; ` +
        `starting a new one${delay ? ` in ${delay / 1000} s` : ''}`,
    );
    // Not unref'd: when the last worker has died, this timer is all that keeps the primary alive
    // to start its replacement.
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    say(`${signal}: stopping ${workers.length} worker(s)`);
    if (workers.length === 0) process.exit(0);
    // Each worker's server.ts closes the server (finishing requests in flight) and the database.
    for (const w of workers) w.process.kill(signal);
    setTimeout(() => {
      say(`workers still running after ${SHUTDOWN_GRACE_MS / 1000} s: killing them`);
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < count; i++) fork();
}

if (cluster.isPrimary) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
