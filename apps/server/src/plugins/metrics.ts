import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Registry, register } from 'prom-client';
import type { Database } from '../db/database.ts';
import type { WithdrawalState } from '../db/tables/withdrawals.ts';
import { clusterMetrics, inClusterWorker, offerToCluster } from '../shared/cluster-metrics.ts';
import { httpRequestDuration } from '../shared/metrics.ts';

export { LATENCY_BUCKETS } from '../shared/metrics.ts';

/**
 * `GET /metrics` in the Prometheus text format, for operators: prom-client's default metrics and
 * this process's own (shared/metrics.ts: requests by route, Roblox calls, payouts, postbacks,
 * scheduled tasks, the database pool), plus the site-wide figures read from the database at scrape
 * time: the ledger's running totals by kind, withdrawals waiting by state, whether payouts are
 * stopped. Those are a few rows whatever the ledger's size (docs/decisions/0029-standard-metrics.md).
 *
 * Under `start:cluster` the answer covers every worker (shared/cluster-metrics.ts). Several separate
 * processes each report the same site-wide figures: query them with `max`, never `sum`.
 *
 * Closed: without `METRICS_TOKEN` it does not exist (404), and with it the scraper must send
 * `Authorization: Bearer <METRICS_TOKEN>` (anything else is the same 404).
 */

export const METRICS_PATH = '/metrics';
export const METRICS_CONTENT_TYPE = register.contentType;

/** Database-derived figures are read at most this often, however often the scraper comes. */
export const DB_METRICS_TTL_MS = 10_000;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What the database tells operators; app.ts hands the plugin the module function that reads it. */
export interface DbFigures {
  up: boolean;
  /** The whole ledger by kind and sign: entries and hundredths of R$ (signed). */
  ledger: Array<{ kind: string; credit: boolean; count: number; cents: number }>;
  withdrawals: Array<{ state: WithdrawalState; count: number }>;
  /** 1 while Roblox stopped the payout account (challenge, refused cookie) and every payout waits. */
  payoutsStopped?: boolean;
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

/**
 * The site-wide figures as metrics of their own registry, read through `figures` when collected.
 * Every process reports the same values, so the cluster takes one (`max`; `min` for database_up:
 * one worker that cannot read the database shows).
 */
function siteRegistry(figures: () => Promise<DbFigures>): Registry {
  const registry = new Registry();
  const ledgerCounter = (
    name: string,
    help: string,
    credit: boolean,
    value: (cents: number, n: number) => number,
  ) =>
    new Counter({
      name,
      help,
      labelNames: ['kind'],
      registers: [registry],
      aggregator: 'max',
      async collect() {
        const f = await figures();
        this.reset();
        for (const c of f.ledger)
          if (c.credit === credit) this.inc({ kind: c.kind }, value(c.cents, c.count));
      },
    });
  ledgerCounter(
    'rewards_ledger_credits_total',
    'Credit entries (positive amounts) in the ledger, by kind.',
    true,
    (_, n) => n,
  );
  ledgerCounter(
    'rewards_ledger_credited_robux_total',
    'R$ credited by ledger entries, by kind.',
    true,
    (c) => c / 100,
  );
  ledgerCounter(
    'rewards_ledger_debits_total',
    'Debit entries (negative amounts) in the ledger, by kind.',
    false,
    (_, n) => n,
  );
  ledgerCounter(
    'rewards_ledger_debited_robux_total',
    'R$ debited by ledger entries, by kind.',
    false,
    (c) => -c / 100,
  );

  new Gauge({
    name: 'rewards_ledger_balance_robux',
    help: "Sum of every player's balance (what the site owes), from the ledger's totals.",
    registers: [registry],
    aggregator: 'max',
    async collect() {
      const f = await figures();
      if (f.up) this.set(f.ledger.reduce((sum, c) => sum + c.cents, 0) / 100);
    },
  });
  new Gauge({
    name: 'rewards_database_up',
    help: 'Whether the database answered the last read of the site-wide figures (1) or not (0).',
    registers: [registry],
    aggregator: 'min',
    async collect() {
      this.set((await figures()).up ? 1 : 0);
    },
  });
  new Gauge({
    name: 'rewards_withdrawals',
    help: 'Withdrawals not yet paid or refunded, by state.',
    labelNames: ['state'],
    registers: [registry],
    aggregator: 'max',
    async collect() {
      const f = await figures();
      this.reset();
      for (const w of f.withdrawals) this.set({ state: w.state }, w.count);
    },
  });
  new Gauge({
    name: 'rewards_payouts_stopped',
    help: '1 while the payout account needs attention (challenge or refused cookie) and no payout runs.',
    registers: [registry],
    aggregator: 'max',
    async collect() {
      const f = await figures();
      if (f.up) this.set(f.payoutsStopped ? 1 : 0);
    },
  });
  return registry;
}

export interface MetricsOptions {
  databaseFigures: (db: Database) => Promise<DbFigures>;
}

export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: MetricsOptions) => {
    app.addHook('onResponse', (request, reply, done) => {
      httpRequestDuration.observe(
        {
          method: METHODS.has(request.method) ? request.method : 'OTHER',
          route: routeOf(request),
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    let dbCache: { at: number; figures: DbFigures } | null = null;
    let dbReading: Promise<DbFigures> | null = null;

    // One read serves every gauge of a scrape, and scrapes within the TTL.
    function dbFigures(): Promise<DbFigures> {
      if (dbCache && Date.now() - dbCache.at < DB_METRICS_TTL_MS) return Promise.resolve(dbCache.figures);
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

    const site = siteRegistry(dbFigures);
    if (inClusterWorker()) offerToCluster([register, site]);
    app.addHook('onClose', async () => site.clear());

    app.get(METRICS_PATH, async (request, reply) => {
      const token = app.deps.env.METRICS_TOKEN;
      // Closed unless configured and presented: indistinguishable from a path that does not exist.
      if (!token || !bearerMatches(request.headers.authorization, token)) return reply.callNotFound();
      const body = inClusterWorker()
        ? await clusterMetrics()
        : await Registry.merge([register, site]).metrics();
      return reply
        .header('content-type', METRICS_CONTENT_TYPE)
        .header('cache-control', 'no-store')
        .send(body);
    });
  },
  { name: 'metrics' },
);
