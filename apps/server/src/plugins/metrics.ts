import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { withdrawalStates } from '@rewards/contracts';
import type { Database } from '../db/database.ts';
import type { WithdrawalState } from '../db/tables/withdrawals.ts';
import { counterSnapshot } from '../shared/process-counters.ts';

/**
 * `GET /metrics` in the Prometheus text format (0.0.4), for operators: request counts and a latency
 * histogram by method, route and status; ledger credits by kind and withdrawals by state from the
 * database. Closed: without `METRICS_TOKEN` it does not exist (404), and with it the scraper must
 * send `Authorization: Bearer <METRICS_TOKEN>` (anything else is the same 404).
 */

export const METRICS_PATH = '/metrics';
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Upper bounds (seconds) of the latency histogram. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** Database-derived figures are read at most this often: a scrape must not scan the ledger each time. */
export const DB_METRICS_TTL_MS = 10_000;

const WITHDRAWAL_STATES: readonly WithdrawalState[] = withdrawalStates;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

interface Series {
  labels: string;
  count: number;
  sum: number;
  /** Non-cumulative counts per bucket; the last one is +Inf. */
  buckets: number[];
}

/** What the database tells operators; app.ts hands the plugin the module function that reads it. */
export interface DbFigures {
  up: boolean;
  credits: Array<{ kind: string; count: number; cents: number }>;
  withdrawals: Array<{ state: WithdrawalState; count: number }>;
  /** 1 while Roblox stopped the payout account (challenge, refused cookie) and every payout waits. */
  payoutsStopped?: boolean;
}

/** A label value with `\`, `"` and line breaks escaped, as the text format requires. */
export function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function labelsOf(pairs: Record<string, string>): string {
  return Object.entries(pairs)
    .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
    .join(',');
}

/** A number as the text format writes it. */
function num(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  return String(n);
}

/** The request's route pattern (bounded label values); requests that matched no route share one. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions?.url ?? 'unmatched';
}

function bearerMatches(header: unknown, token: string): boolean {
  if (typeof header !== 'string') return false;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(m[1]!), digest(token));
}

export interface MetricsOptions {
  databaseFigures: (db: Database) => Promise<DbFigures>;
}

export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: MetricsOptions) => {
    const series = new Map<string, Series>();
    const startedAt = Date.now();

    // Runs on every answer, so the series is found by a plain key and its label text is built once.
    app.addHook('onResponse', (request, reply, done) => {
      const method = METHODS.has(request.method) ? request.method : 'OTHER';
      const route = routeOf(request);
      const key = `${method} ${reply.statusCode} ${route}`;
      let s = series.get(key);
      if (!s) {
        const labels = labelsOf({ method, route, status: String(reply.statusCode) });
        s = { labels, count: 0, sum: 0, buckets: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0) };
        series.set(key, s);
      }
      const seconds = reply.elapsedTime / 1000;
      s.count++;
      s.sum += seconds;
      let i = 0;
      while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i++;
      s.buckets[i]!++;
      done();
    });

    let dbCache: { at: number; figures: DbFigures } | null = null;
    let dbReading: Promise<DbFigures> | null = null;

    async function dbFigures(): Promise<DbFigures> {
      if (dbCache && Date.now() - dbCache.at < DB_METRICS_TTL_MS) return dbCache.figures;
      dbReading ??= opts
        .databaseFigures(app.deps.db)
        .then((figures) => {
          // A failed read is not cached: the next scrape tries again.
          if (figures.up) dbCache = { at: Date.now(), figures };
          return figures;
        })
        .finally(() => {
          dbReading = null;
        });
      return dbReading;
    }

    function render(db: DbFigures): string {
      const out: string[] = [];
      const head = (name: string, type: string, help: string) => {
        out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      };
      const all = [...series.values()].sort((a, b) => a.labels.localeCompare(b.labels));

      head('http_requests_total', 'counter', 'HTTP requests answered, by method, route pattern and status.');
      for (const s of all) out.push(`http_requests_total{${s.labels}} ${s.count}`);

      head(
        'http_request_duration_seconds',
        'histogram',
        'Time to answer HTTP requests, by method, route pattern and status.',
      );
      for (const s of all) {
        let cumulative = 0;
        LATENCY_BUCKETS.forEach((le, i) => {
          cumulative += s.buckets[i]!;
          out.push(`http_request_duration_seconds_bucket{${s.labels},le="${le}"} ${cumulative}`);
        });
        cumulative += s.buckets[LATENCY_BUCKETS.length]!;
        out.push(`http_request_duration_seconds_bucket{${s.labels},le="+Inf"} ${cumulative}`);
        out.push(`http_request_duration_seconds_sum{${s.labels}} ${num(s.sum)}`);
        out.push(`http_request_duration_seconds_count{${s.labels}} ${s.count}`);
      }

      head(
        'rewards_database_up',
        'gauge',
        'Whether the database answered the last read of these figures (1) or not (0).',
      );
      out.push(`rewards_database_up ${db.up ? 1 : 0}`);
      if (db.up) {
        head(
          'rewards_ledger_credits_total',
          'counter',
          'Credit entries (positive amounts) in the ledger, by kind.',
        );
        for (const c of db.credits)
          out.push(`rewards_ledger_credits_total{${labelsOf({ kind: c.kind })}} ${c.count}`);
        head('rewards_ledger_credited_robux_total', 'counter', 'R$ credited by ledger entries, by kind.');
        for (const c of db.credits) {
          out.push(
            `rewards_ledger_credited_robux_total{${labelsOf({ kind: c.kind })}} ${num(c.cents / 100)}`,
          );
        }
        head('rewards_withdrawals', 'gauge', 'Withdrawals by state.');
        const byState = new Map(db.withdrawals.map((w) => [w.state as string, w.count]));
        const states = [...new Set([...WITHDRAWAL_STATES, ...byState.keys()])];
        for (const state of states) {
          out.push(`rewards_withdrawals{${labelsOf({ state })}} ${byState.get(state) ?? 0}`);
        }
        head(
          'rewards_payouts_stopped',
          'gauge',
          '1 while the payout account needs attention (challenge or refused cookie) and no payout runs.',
        );
        out.push(`rewards_payouts_stopped ${db.payoutsStopped ? 1 : 0}`);
      }

      for (const c of counterSnapshot()) {
        head(c.name, 'counter', c.help);
        for (const [value, count] of c.series.sort((a, b) => a[0].localeCompare(b[0])))
          out.push(`${c.name}{${labelsOf({ [c.label]: value })}} ${count}`);
      }

      const mem = process.memoryUsage();
      head('process_resident_memory_bytes', 'gauge', 'Resident memory of the server process.');
      out.push(`process_resident_memory_bytes ${mem.rss}`);
      head('nodejs_heap_used_bytes', 'gauge', 'V8 heap in use.');
      out.push(`nodejs_heap_used_bytes ${mem.heapUsed}`);
      // Against the resident memory, these tell a growing heap from memory held outside it
      // (buffers, native drivers, the allocator's free lists).
      head('nodejs_heap_total_bytes', 'gauge', 'V8 heap reserved (in use or free).');
      out.push(`nodejs_heap_total_bytes ${mem.heapTotal}`);
      head('nodejs_external_memory_bytes', 'gauge', 'Memory of JavaScript objects held outside the V8 heap.');
      out.push(`nodejs_external_memory_bytes ${mem.external}`);
      head('nodejs_array_buffers_bytes', 'gauge', 'Memory of ArrayBuffers and Buffers (part of external).');
      out.push(`nodejs_array_buffers_bytes ${mem.arrayBuffers}`);
      head('process_uptime_seconds', 'gauge', 'Seconds since this app was built.');
      out.push(`process_uptime_seconds ${num((Date.now() - startedAt) / 1000)}`);
      return `${out.join('\n')}\n`;
    }

    app.get(METRICS_PATH, async (request, reply) => {
      const token = app.deps.env.METRICS_TOKEN;
      // Closed unless configured and presented: indistinguishable from a path that does not exist.
      if (!token || !bearerMatches(request.headers.authorization, token)) return reply.callNotFound();
      const body = render(await dbFigures());
      return reply
        .header('content-type', METRICS_CONTENT_TYPE)
        .header('cache-control', 'no-store')
        .send(body);
    });
  },
  { name: 'metrics' },
);
