import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { testEngine } from './support/test-database.ts';
import { freePort, waitForHealth } from '../../../e2e/support/processes.ts';

/**
 * `npm run start:cluster` (apps/server/src/cluster.ts): the primary checks the configuration,
 * migrates the database once and keeps WEB_CONCURRENCY workers serving one port. Run as the
 * package.json script runs it, with the same node flags.
 */

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const scripts = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

/** The words of the `node …` command a package.json script ends with. */
function nodeCommand(script: string): string[] {
  const words = script.split('&&').at(-1)!.trim().split(/\s+/);
  expect(words[0]).toBe('node');
  return words.slice(1);
}

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

async function until<T>(what: () => string, probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Primary {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startCluster(env: Record<string, string>): Primary {
  let output = '';
  const child = spawn(process.execPath, nodeCommand(scripts['start:cluster']!), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      ADMIN_PASSWORD: 'cluster-test-admin-pw',
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  return { child, output: () => output, exited };
}

/** A database with no tables yet: the primary must create them. */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (testEngine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'rewards-cluster-'));
    return { url: join(dir, 'cluster.db'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `rewards_cluster_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe(`npm run start:cluster on ${testEngine}`, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('runs its workers with the same heap settings as npm start', () => {
    const start = heapFlags(nodeCommand(scripts.start!));
    expect(start.length).toBeGreaterThan(0);
    expect(heapFlags(nodeCommand(scripts['start:cluster']!))).toEqual(start);
  });

  it.skipIf(testEngine !== 'sqlite')(
    'refuses a WEB_CONCURRENCY that is not a whole number of at least 1',
    async () => {
      const db = await emptyDatabase();
      cleanups.push(db.drop);
      const primary = startCluster({
        DATABASE_URL: db.url,
        PORT: String(await freePort()),
        WEB_CONCURRENCY: '0',
      });
      expect(await primary.exited).toBe(1);
      expect(primary.output()).toContain(
        'Invalid configuration:\n  WEB_CONCURRENCY: expected a whole number of at least 1, got "0"',
      );
    },
  );

  it.skipIf(testEngine !== 'sqlite')('refuses several workers on SQLite unless allowed', async () => {
    const db = await emptyDatabase();
    cleanups.push(db.drop);
    const primary = startCluster({
      DATABASE_URL: db.url,
      PORT: String(await freePort()),
      WEB_CONCURRENCY: '2',
    });
    expect(await primary.exited).toBe(1);
    expect(primary.output()).toContain('WEB_CONCURRENCY=2 with SQLite');
    expect(primary.output()).toContain('Set DATABASE_URL=postgres://... to run several workers');
  });

  it('migrates once, serves one port from its workers, replaces a worker that dies and stops on SIGTERM', async () => {
    const db = await emptyDatabase();
    cleanups.push(db.drop);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Several workers on PostgreSQL; the default (one) on SQLite.
    const workers = testEngine === 'postgres' ? 2 : 1;
    const primary = startCluster({
      DATABASE_URL: db.url,
      PORT: String(port),
      ...(testEngine === 'postgres' ? { WEB_CONCURRENCY: '2' } : {}),
    });
    cleanups.push(async () => {
      if (primary.child.exitCode === null) {
        for (const pid of workersOf(primary.child.pid!)) process.kill(pid, 'SIGKILL');
        primary.child.kill('SIGKILL');
        await primary.exited;
      }
    });
    await waitForHealth(base, primary.child, { details: () => `\n${primary.output()}` });
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
    const expectedFlags = heapFlags(nodeCommand(scripts['start:cluster']!));
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
});
