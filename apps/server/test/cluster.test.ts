import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { loadEnv } from '../src/env.ts';
import { postAlone } from '../src/modules/ledger/index.ts';
import { insertUserOnce } from '../src/modules/users/repository.ts';
import { systemClock } from '../src/shared/clock.ts';
import { ROOT } from './support/commands.ts';
import { createEmptyDatabase, testEngine } from './support/test-database.ts';
import { metricValue } from './support/metrics.ts';
import { until } from './support/polling.ts';
import { SITE_OPERATOR } from './support/server-env.ts';
import { startNodeProcess, type NodeProcess } from './support/server-process.ts';
import { freePort, nodeArgsOfScript, waitForHealth } from '../../../e2e/support/processes.ts';

/**
 * `npm run start:cluster` (apps/server/src/cluster.ts): the primary checks the configuration,
 * migrates the database once and keeps WEB_CONCURRENCY workers serving one port. Run as the
 * package.json script runs it, with the same node flags.
 */

/** Node's heap settings in a command line (`--max-old-space-size=…` and the like). */
const heapFlags = (words: string[]) => words.filter((w) => /^--max-[a-z-]+-size=/.test(w));

const cmdlineOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

/** The cluster's workers: processes whose parent is `pid` and that run the server (Linux /proc). */
function workersOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === pid && cmdlineOf(Number(entry)).some((w) => /server\.[jt]s$/.test(w)))
        out.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** What the cluster runs with here, under each test's own settings. */
const CLUSTER_ENV = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'error',
  ADMIN_PASSWORD: 'cluster-test-admin-pw',
  ...SITE_OPERATOR,
  // Roblox is not needed here; health then says "degraded" but still answers 200.
  ROBLOX_USERS_API: 'http://127.0.0.1:9',
  ROBLOX_THUMBNAILS_API: 'http://127.0.0.1:9',
  ROBLOX_GAMEPASS_API: 'http://127.0.0.1:9',
  ROBLOX_ECONOMY_API: 'http://127.0.0.1:9',
  ROBLOX_INVENTORY_API: 'http://127.0.0.1:9',
  ROBLOX_TIMEOUT_MS: '500',
  WEB_DIST: resolve(ROOT, 'apps/web/no-such-dist'),
  WEB_CONCURRENCY: '',
  CLUSTER_ALLOW_SQLITE: '',
};

describe(`npm run start:cluster on ${testEngine}`, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /** A cluster started with `env`, once it answers health at `base`; its processes are killed after the test. */
  async function clusterAnswering(base: string, env: Record<string, string>): Promise<NodeProcess> {
    const primary = startNodeProcess(nodeArgsOfScript('start:cluster'), { ...CLUSTER_ENV, ...env });
    cleanups.push(async () => {
      if (primary.child.exitCode === null) {
        for (const pid of workersOf(primary.child.pid!)) process.kill(pid, 'SIGKILL');
        primary.child.kill('SIGKILL');
        await primary.exited;
      }
    });
    await waitForHealth(base, primary.child, { details: () => `\n${primary.output()}` });
    return primary;
  }

  it('runs its workers with the same heap settings as npm start', () => {
    const start = heapFlags(nodeArgsOfScript('start'));
    expect(start.length).toBeGreaterThan(0);
    expect(heapFlags(nodeArgsOfScript('start:cluster'))).toEqual(start);
  });

  // The primary checks its configuration before it forks: each refusal exits 1 with its message.
  it.skipIf(testEngine !== 'sqlite').each([
    {
      refuses: 'a WEB_CONCURRENCY that is not a whole number of at least 1',
      workers: '0',
      messages: ['Invalid configuration:\n  WEB_CONCURRENCY: expected a whole number of at least 1, got "0"'],
    },
    {
      refuses: 'several workers on SQLite unless allowed',
      workers: '2',
      messages: ['WEB_CONCURRENCY=2 with SQLite', 'Set DATABASE_URL=postgres://... to run several workers'],
    },
  ])('refuses $refuses', async ({ workers, messages }) => {
    const db = await createEmptyDatabase();
    cleanups.push(db.remove);
    const primary = startNodeProcess(nodeArgsOfScript('start:cluster'), {
      ...CLUSTER_ENV,
      DATABASE_URL: db.url,
      PORT: String(await freePort()),
      WEB_CONCURRENCY: workers,
    });
    expect(await primary.exited).toBe(1);
    for (const message of messages) expect(primary.output()).toContain(message);
  });

  it('refuses several workers on PostgreSQL in production without REDIS_URL, naming it', async () => {
    // On the SQLite run a PostgreSQL address that is never opened: the refusal comes first.
    const db = testEngine === 'postgres' ? await createEmptyDatabase() : undefined;
    if (db) cleanups.push(db.remove);
    const primary = startNodeProcess(nodeArgsOfScript('start:cluster'), {
      ...CLUSTER_ENV,
      DATABASE_URL: db?.url ?? 'postgres://postgres@127.0.0.1:9/never-opened',
      PORT: String(await freePort()),
      WEB_CONCURRENCY: '2',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://rbx.example',
      REDIS_URL: '',
    });
    expect(await primary.exited).toBe(1);
    expect(primary.output()).toContain(
      'Missing required configuration: REDIS_URL (2 server processes on PostgreSQL',
    );
    expect(primary.output()).not.toContain('starting 2 workers');
  });

  it('migrates once, serves one port from its workers, replaces a worker that dies and stops on SIGTERM', async () => {
    const db = await createEmptyDatabase();
    cleanups.push(db.remove);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Several workers on PostgreSQL; the default (one) on SQLite.
    const workers = testEngine === 'postgres' ? 2 : 1;
    const primary = await clusterAnswering(base, {
      DATABASE_URL: db.url,
      PORT: String(port),
      ...(testEngine === 'postgres' ? { WEB_CONCURRENCY: '2' } : {}),
    });
    expect(primary.output()).toContain(
      `starting ${workers} worker${workers === 1 ? '' : 's'} on port ${port}`,
    );

    const first = await until(
      () => `${workers} workers\n${primary.output()}`,
      () => {
        const pids = workersOf(primary.child.pid!);
        return pids.length === workers ? pids : undefined;
      },
    );
    // Each worker is the normal server, with the script's heap settings.
    const expectedFlags = heapFlags(nodeArgsOfScript('start:cluster'));
    for (const pid of first) {
      const cmdline = cmdlineOf(pid);
      expect(heapFlags(cmdline)).toEqual(expectedFlags);
    }

    // The primary migrated the empty database: players can sign in.
    const check = createDatabase(db.url);
    try {
      const tables = await check.introspection.getTables();
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'ledger_entries']));
    } finally {
      await check.destroy();
    }

    // Answers on fresh connections keep coming while a worker is killed and replaced.
    const health = async () =>
      (await fetch(`${base}/api/health`, { headers: { connection: 'close' } })).status;
    for (let i = 0; i < 10; i++) expect(await health()).toBe(200);
    process.kill(first[0]!, 'SIGKILL');
    const replaced = await until(
      () => `a replacement worker\n${primary.output()}`,
      () => {
        const pids = workersOf(primary.child.pid!);
        return pids.length === workers && !pids.includes(first[0]!) ? pids : undefined;
      },
    );
    expect(primary.output()).toMatch(new RegExp(`worker ${first[0]} exited \\(SIGKILL\\)`));
    await waitForHealth(base, primary.child);
    for (let i = 0; i < 10; i++) expect(await health()).toBe(200);

    primary.child.kill('SIGTERM');
    expect(await primary.exited).toBe(0);
    expect(primary.output()).toContain('all workers stopped');
    for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
  }, 120_000);

  it('answers /metrics for every worker together, site-wide figures once', async () => {
    const db = await createEmptyDatabase();
    cleanups.push(db.remove);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const token = 'cluster-metrics-token-0123456789';
    const primary = await clusterAnswering(base, {
      DATABASE_URL: db.url,
      PORT: String(port),
      WEB_CONCURRENCY: '2',
      CLUSTER_ALLOW_SQLITE: '1',
      METRICS_TOKEN: token,
    });
    await until(
      () => `2 workers\n${primary.output()}`,
      () => (workersOf(primary.child.pid!).length === 2 ? true : undefined),
    );
    // R$12.34 in the ledger, posted as the site posts it.
    const writer = createDatabase(db.url);
    try {
      const user = await insertUserOnce(writer, {
        username: 'ClusterMetrics',
        displayName: 'ClusterMetrics',
        robloxId: 4242,
        verificationCode: 'x',
        referredBy: null,
        joinedAt: new Date().toISOString(),
      });
      await postAlone(writer, systemClock, {
        userId: user!,
        amount: 1234,
        kind: 'admin',
        params: {},
        key: 'cluster-metrics:1',
      });
    } finally {
      await writer.destroy();
    }

    const scrape = async () => {
      const res = await fetch(`${base}/metrics`, {
        headers: { authorization: `Bearer ${token}`, connection: 'close' },
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    const healthCount = (text: string) =>
      metricValue(text, 'http_request_duration_seconds_count', { route: '/api/health' });
    const before = await scrape();
    // Fresh connections, handed to the workers in turn: each worker answers some of them.
    for (let i = 0; i < 10; i++)
      expect((await fetch(`${base}/api/health`, { headers: { connection: 'close' } })).status).toBe(200);
    const after = await scrape();
    // Whichever worker answered the scrape, it counts every worker's requests.
    expect(healthCount(after) - healthCount(before)).toBe(10);
    expect(after).toMatch(/^process_cpu_seconds_total \S+$/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \S+$/m);
    // Every worker reads the same site-wide figure; the cluster reports it once, not added up.
    expect(after).toMatch(/^rewards_ledger_balance_robux 12\.34$/m);
    expect(after).toMatch(/^rewards_ledger_credited_robux_total\{kind="admin"\} 12\.34$/m);
    expect(after).toMatch(/^rewards_database_up 1$/m);
  }, 120_000);
});

describe('REDIS_URL with several server processes', () => {
  const production = {
    NODE_ENV: 'production',
    ADMIN_PASSWORD: 'cluster-test-admin-pw',
    PUBLIC_URL: 'https://rbx.example',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/rewards',
    ...SITE_OPERATOR,
  };

  it('is required in production on PostgreSQL when SERVER_PROCESSES is more than one', () => {
    expect(() => loadEnv({ ...production, SERVER_PROCESSES: '3' })).toThrow(
      'Missing required configuration: REDIS_URL (3 server processes on PostgreSQL',
    );
    expect(
      loadEnv({ ...production, SERVER_PROCESSES: '3', REDIS_URL: 'redis://127.0.0.1:6379' }),
    ).toMatchObject({ SERVER_PROCESSES: 3 });
  });

  it('is not required for one process, outside production, or on SQLite', () => {
    expect(loadEnv(production).SERVER_PROCESSES).toBe(1);
    expect(() => loadEnv({ ...production, SERVER_PROCESSES: '3', NODE_ENV: 'development' })).not.toThrow();
    expect(() =>
      loadEnv({ ...production, SERVER_PROCESSES: '3', DATABASE_URL: './data/x.db' }),
    ).not.toThrow();
  });
});
