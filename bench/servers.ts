import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import { robloxApisAt, SITE_OPERATOR } from '../apps/server/test/support/server-env.ts';
import { freePort, nodeArgsOfScript, waitForHealth } from '../e2e/support/processes.ts';
import type { createLoadRunner, CaseResult } from './load-runner.ts';
import { CPX_SECRET, METRICS_TOKEN, pgOverTcp, profileDir, ROOT } from './options.ts';
import { benchToken } from './seed.ts';

/**
 * Node's flags as `npm start` runs the server (the root package.json), so the bench measures the
 * server with the same heap limits (docs/scaling.md, memory).
 */
const startFlags = () => nodeArgsOfScript('start').filter((word) => word.startsWith('--'));

/** Starts a reference server (node's arguments, given its port) in a process of its own. */
export async function startBareServer(nodeArgs: (port: number) => string[]) {
  const port = await freePort();
  const child = spawn(process.execPath, nodeArgs(port), { cwd: ROOT, stdio: 'ignore' });
  await waitForHealth(`http://127.0.0.1:${port}`, child);
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid!, stop: () => child.kill() };
}

/** The ceiling: a bare node:http server answering a fixed small JSON body. */
export const startCeilingServer = () =>
  startBareServer((port) => [
    '-e',
    `require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json'});s.end('{"ok":true}')}).listen(${port},'127.0.0.1')`,
  ]);

/**
 * bench/features-reference.ts bundled as scripts/build-server.mjs bundles the server (npm packages
 * stay external), so it runs the site's plugins as production runs them.
 */
async function buildFeaturesReference(): Promise<string> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'apps/server/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const outfile = join(ROOT, 'bench/dist/features-reference.js');
  await build({
    entryPoints: [join(ROOT, 'bench/features-reference.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@rewards/')),
    sourcemap: true,
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return outfile;
}

/**
 * The framework's own floor, for reference: Fastify with no plugins answering the same body (what
 * the site's cases add on top of it is our code: hooks, logging, validation, the database), and
 * the site's Fastify with its features (bench/features-reference.ts) answering the poll's route with
 * a constant: the least a balance poll can cost before the session's query.
 */
export async function measureReferences(runner: ReturnType<typeof createLoadRunner>): Promise<CaseResult[]> {
  const fastify = await startBareServer((port) => [
    '-e',
    `const f=require('fastify')();f.get('/*',async()=>({ok:true}));f.listen({port:${port},host:'127.0.0.1'})`,
  ]);
  const floorResult = await runner.compared(BARE_FASTIFY, { url: fastify.url }, fastify.pid);
  fastify.stop();
  const entry = await buildFeaturesReference();
  const port = await freePort();
  const featured = await startNodeServer([...startFlags(), entry], siteEnv(port, ':memory:'), port);
  const featuredResult = await runner.compared(
    FEATURES_REFERENCE,
    {
      url: featured.base,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: '/api/user/benchplayer5',
            headers: { authorization: `Bearer ${benchToken(5)}` },
          }),
        },
      ],
    },
    featured.pid,
  );
  await featured.stop();
  return [floorResult, featuredResult];
}

export const BARE_FASTIFY = 'reference: bare Fastify, no plugins';
export const FEATURES_REFERENCE = "reference: Fastify with the site's features, constant answer";

/**
 * Where the bench's data lives: a SQLite file in `dir`, or a PostgreSQL database of its own.
 * `serverUrl` is how the server reaches it, `reach` says how (PostgreSQL only).
 */
export async function benchDatabase(engine: 'sqlite' | 'postgres', dir: string) {
  if (engine === 'sqlite') {
    const url = join(dir, 'bench.db');
    return { url, serverUrl: url, name: '', reach: '', drop: async () => {} };
  }
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `rewards_bench_${process.pid}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  const drop = async () => {
    const d = new pg.Client({ connectionString: admin });
    await d.connect();
    await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await d.end();
  };
  // A server on the database's machine talks to it through its Unix socket, which costs both
  // sides far less than TCP (a postback is a dozen round trips); `--pg-tcp` measures TCP instead.
  const socketDir = '/var/run/postgresql';
  const local = ['127.0.0.1', 'localhost', '::1'].includes(u.hostname);
  if (local && !pgOverTcp && existsSync(join(socketDir, `.s.PGSQL.${u.port || 5432}`))) {
    const viaSocket = new URL(u);
    viaSocket.hostname = 'localhost';
    viaSocket.searchParams.set('host', socketDir);
    return {
      url: u.toString(),
      serverUrl: viaSocket.toString(),
      name,
      reach: `through its Unix socket (${socketDir})`,
      drop,
    };
  }
  return { url: u.toString(), serverUrl: u.toString(), name, reach: `over TCP (${u.host})`, drop };
}

/** The environment the site's server (and the features reference) runs with in the bench. */
function siteEnv(port: number, databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD: 'bench-admin-password',
    // A production server names who runs it.
    ...SITE_OPERATOR,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    CPX_SECURE_HASH: CPX_SECRET,
    // Credits are paid at once: this run is not about offer holds (offer-holds.test.ts is).
    OFFER_HOLD_HOURS: '0',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    METRICS_TOKEN,
    // One load generator on one address stands for many players and providers: per-address limits
    // would measure the limiter's refusals, not the server.
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000000',
    RATE_LIMIT_VERIFY_PER_MINUTE: '100000000',
    RATE_LIMIT_POSTBACK_PER_MINUTE: '100000000',
    LIVE_FEED_MAX_STREAMS_PER_ADDRESS: '100000',
    // Nothing listens there: the cases make no Roblox call.
    ...robloxApisAt('http://127.0.0.1:9'),
    ...extra,
  };
}

/** A Node process serving on `port` (its log lines go nowhere, as a production log shipper's cost is not ours). */
async function startNodeServer(args: string[], env: NodeJS.ProcessEnv, port: number) {
  const server = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, server);
  return {
    pid: server.pid!,
    base,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    },
  };
}

/**
 * The server as production runs it: the bundled JavaScript of `npm run build:server`, already built;
 * `workers` > 0 runs `start:cluster`'s primary with that many workers (WEB_CONCURRENCY) instead,
 * and `pids()` then lists the primary and its workers (all their CPU is the server's). `env` is
 * added to the bench's settings (e.g. a Roblox stand-in's address).
 */
export async function startSiteServer(databaseUrl: string, workers = 0, env: Record<string, string> = {}) {
  const port = await freePort();
  const nodeFlags = [
    ...startFlags(),
    ...(profileDir ? [`--cpu-prof`, `--cpu-prof-dir=${resolve(profileDir)}`] : []),
  ];
  const entry = workers > 0 ? 'apps/server/dist/cluster.js' : 'apps/server/dist/server.js';
  const serverEnv = siteEnv(port, databaseUrl, env);
  if (workers > 0) {
    serverEnv.WEB_CONCURRENCY = String(workers);
    // Several processes on PostgreSQL count their rate limits together in Redis (the machine's own).
    serverEnv.REDIS_URL ??= 'redis://127.0.0.1:6379';
  }
  // As a release starts: the migration step first (a production server refuses a schema behind it).
  const migrate = spawnSync(process.execPath, ['apps/server/dist/migrate.js'], {
    cwd: ROOT,
    env: serverEnv,
    encoding: 'utf8',
  });
  if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stderr}`);
  const server = await startNodeServer([...nodeFlags, entry], serverEnv, port);
  // The primary answers health as soon as one worker listens: wait for all of them.
  for (let i = 0; i < 100 && childPids(server.pid).length < workers; i++) await sleep(100);
  if (workers > 0) await sleep(2_000);
  return { ...server, pids: [server.pid, ...childPids(server.pid)] };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The processes a process started (Linux /proc), e.g. a cluster primary's workers. */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
