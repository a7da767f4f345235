import { Counter, Gauge, Histogram, collectDefaultMetrics, register } from 'prom-client';

/**
 * The process's Prometheus metrics, on prom-client's default registry (which is also what
 * `start:cluster` gathers from every worker: `cluster-metrics.ts`). prom-client's default metrics
 * give the standard names dashboards expect (`process_cpu_seconds_total`,
 * `process_resident_memory_bytes`, `nodejs_eventloop_lag_seconds`, `nodejs_gc_duration_seconds`,
 * `nodejs_heap_size_used_bytes`…); the ones below are the site's own. Every label takes its values
 * from a fixed set (a route pattern, never a URL): a label per value an attacker can choose would let
 * them grow the scrape without bound. docs/decisions/0029-standard-metrics.md lists them all.
 *
 * Figures about the whole site (money, withdrawals) are not here: they come from the database at
 * scrape time (plugins/metrics.ts) and are the same in every process.
 */

// Module state, so an app built twice in one process (tests) registers each metric once.
collectDefaultMetrics({ register });

/** Upper bounds (seconds) of the request latency histogram. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer HTTP requests, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: LATENCY_BUCKETS,
});

/** Outcome of one call to Roblox (all its attempts): answered, refused (4xx) or unavailable. */
export type RobloxCallOutcome = 'ok' | 'refused' | 'unavailable';

export const robloxCalls = new Counter({
  name: 'rewards_roblox_requests_total',
  help: 'Calls to Roblox (retries included in one call), by endpoint pattern and outcome.',
  labelNames: ['endpoint', 'outcome'] as const,
});

export const payouts = new Counter({
  name: 'rewards_payouts_total',
  help: 'Withdrawals worked by the payout worker, by outcome (paid, refunded, held, retry, stopped…).',
  labelNames: ['outcome'] as const,
});

export const postbacks = new Counter({
  name: 'rewards_postbacks_total',
  help: 'Provider postbacks answered, by verdict (credited, reversed, duplicate, forged, bad_signature…).',
  labelNames: ['verdict'] as const,
});

export const scheduledTaskRuns = new Counter({
  name: 'rewards_scheduled_task_runs_total',
  help: 'Rounds of the scheduled tasks this process ran, by task and outcome (ok or failed).',
  labelNames: ['task', 'outcome'] as const,
});

/** What the pool gauges read of a PostgreSQL pool (pg's `Pool`). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  ended: boolean;
}

const pools = new Set<PoolCounts>();

/** Reports `pool` in the pool gauges until it ends (db/database.ts calls this for PostgreSQL). */
export function trackPool(pool: PoolCounts): void {
  pools.add(pool);
}

function poolGauge(name: string, help: string, read: (p: PoolCounts) => number) {
  return new Gauge({
    name,
    help,
    collect() {
      let n = 0;
      for (const p of pools) {
        if (p.ended) pools.delete(p);
        else n += read(p);
      }
      this.set(n);
    },
  });
}

poolGauge(
  'rewards_db_pool_connections',
  'PostgreSQL connections the pool holds (in use or idle).',
  (p) => p.totalCount,
);
poolGauge('rewards_db_pool_idle_connections', 'PostgreSQL connections idle in the pool.', (p) => p.idleCount);
poolGauge(
  'rewards_db_pool_waiting_requests',
  'Queries waiting for a PostgreSQL connection because every one is in use.',
  (p) => p.waitingCount,
);
