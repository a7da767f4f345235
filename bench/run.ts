// `npm run bench [-- --db postgres] [-- --duration 10]`: seeds 100,000 players and 1,000,000 ledger
// entries, starts the production server, and measures each case against a bare node:http ceiling
// measured in the same run. Results are printed and written to bench/results.md.
import { execSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { checkInvariant } from '../apps/server/src/modules/ledger/service.ts';
import { BENCH_ADMIN_TOKEN, BENCH_PLAYERS, benchName, benchRobloxId, benchToken, seedBench } from './seed.ts';
import { freePort, waitForHealth } from '../e2e/support/processes.ts';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const engine = arg('db') === 'postgres' ? 'postgres' : 'sqlite';
const duration = Number(arg('duration') ?? 10);
/** `--only poll,postback`: run just the cases whose name contains one of these words (for profiling). */
const only = arg('only')?.split(',');
/** `--profile DIR`: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). */
const profileDir = arg('profile');
const CONNECTIONS = 100;
const CPX_SECRET = 'bench-cpx-secret';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** Samples a process's resident memory (Linux /proc) until stopped; returns the peak in MB. */
function watchRss(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]) / 1024);
    } catch {
      /* process gone */
    }
  }, 250);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

interface CaseResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

/** A site case; skipped (null) when `--only` names other cases. */
async function load(name: string, opts: autocannon.Options): Promise<CaseResult | null> {
  if (only && !only.some((word) => name.includes(word))) return null;
  return measure(name, opts);
}

/** Runs a one-line server script (given its port) in a process of its own and measures it. */
async function measureBareServer(name: string, script: (port: number) => string): Promise<CaseResult> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', script(port)], { cwd: ROOT, stdio: 'ignore' });
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child);
    return await measure(name, { url: `http://127.0.0.1:${port}/` });
  } finally {
    child.kill();
  }
}

async function measure(name: string, opts: autocannon.Options): Promise<CaseResult> {
  const r = await autocannon({ connections: CONNECTIONS, duration, ...opts });
  const errors = r.errors + r.timeouts + r.non2xx;
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors,
    requests: r.requests.total,
  };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'rewards-bench-'));
  let databaseUrl = join(dir, 'bench.db');
  let dropPg: (() => Promise<void>) | undefined;
  if (engine === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `rewards_bench_${process.pid}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropPg = async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    };
  }

  console.log(
    `Seeding ${BENCH_PLAYERS.toLocaleString()} players and ${(BENCH_PLAYERS * 10).toLocaleString()} ledger entries on ${engine}...`,
  );
  const db = createDatabase(databaseUrl);
  await migrateToLatest(db);
  const seededAt = Date.now();
  await seedBench(db, new Date());
  console.log(`Seeded in ${((Date.now() - seededAt) / 1000).toFixed(1)} s`);

  // The ceiling: a bare node:http server answering a fixed small JSON body, in its own process.
  const ceilingResult = await measureBareServer(
    'ceiling (node:http)',
    (port) =>
      `require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json'});s.end('{"ok":true}')}).listen(${port},'127.0.0.1')`,
  );
  // For reference, the framework's own floor: Fastify with no plugins answering the same body. What
  // the site's cases add on top of it is our code (hooks, logging, validation, the database).
  const floorResult = await measureBareServer(
    'reference: bare Fastify, no plugins',
    (port) =>
      `const f=require('fastify')();f.get('/*',async()=>({ok:true}));f.listen({port:${port},host:'127.0.0.1'})`,
  );

  // The server as production runs it: the bundled JavaScript of `npm run build:server`.
  execSync('node scripts/build-server.mjs', { cwd: ROOT, stdio: 'inherit' });
  const port = await freePort();
  // As `npm start` runs it: a 4 MB young generation (docs/scaling.md, memory) keeps the resident
  // memory flat under a burst of requests without costing throughput.
  const nodeFlags = [
    '--max-semi-space-size=4',
    ...(profileDir ? [`--cpu-prof`, `--cpu-prof-dir=${resolve(profileDir)}`] : []),
  ];
  const server = spawn(
    process.execPath,
    [...nodeFlags, '--enable-source-maps', 'apps/server/dist/server.js'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        ADMIN_PASSWORD: 'bench-admin-password',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        CPX_SECURE_HASH: CPX_SECRET,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        // One load generator on one address stands for many players and providers: per-address limits
        // would measure the limiter's refusals, not the server.
        RATE_LIMIT_LOGIN_PER_MINUTE: '100000000',
        RATE_LIMIT_VERIFY_PER_MINUTE: '100000000',
        RATE_LIMIT_POSTBACK_PER_MINUTE: '100000000',
        ROBLOX_USERS_API: 'http://127.0.0.1:9',
        ROBLOX_THUMBNAILS_API: 'http://127.0.0.1:9',
        ROBLOX_GAMEPASS_API: 'http://127.0.0.1:9',
        ROBLOX_ECONOMY_API: 'http://127.0.0.1:9',
        ROBLOX_INVENTORY_API: 'http://127.0.0.1:9',
      },
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, server);
  const peakRss = watchRss(server.pid!);

  let n = 0;
  const poller = (i: number) => i % 1000;
  const results: (CaseResult | null)[] = [];
  results.push(
    await load('balance poll GET /api/user/{me}', {
      url: base,
      requests: [
        {
          setupRequest: (req) => {
            const i = poller(n++);
            return {
              ...req,
              path: `/api/user/${benchName(i)}`,
              headers: { authorization: `Bearer ${benchToken(i)}` },
            };
          },
        },
      ],
    }),
  );
  results.push(await load('leaderboard GET /api/leaderboard', { url: `${base}/api/leaderboard` }));

  let trans = 0;
  // Every credit the server acknowledged must be in the ledger; requests still in flight when the
  // case ends may be credited without the generator seeing the answer, so those are not counted.
  const acknowledged: string[] = [];
  results.push(
    await load('postback credits GET /api/postback/cpx', {
      url: base,
      requests: [
        {
          setupRequest: (req, context) => {
            const id = `bench-${trans++}`;
            (context as { transId?: string }).transId = id;
            const user = benchRobloxId(trans % 1000);
            return {
              ...req,
              path: `/api/postback/cpx?status=1&trans_id=${id}&user_id=${user}&amount_local=1.5&amount_usd=0.01&hash=${md5(`${id}-${CPX_SECRET}`)}`,
            };
          },
          onResponse: (status, _body, context) => {
            if (status === 200) acknowledged.push(String((context as { transId?: string }).transId));
          },
        },
      ],
    }),
  );

  let claimer = 0;
  results.push(
    await load('daily claims POST /api/streak-rewards/claim', {
      url: base,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const i = claimer++ % BENCH_PLAYERS;
            return {
              ...req,
              path: '/api/streak-rewards/claim',
              headers: { authorization: `Bearer ${benchToken(i)}`, 'content-type': 'application/json' },
              body: '{}',
            };
          },
        },
      ],
    }),
  );
  const adminHeaders = { cookie: `admin_session=${BENCH_ADMIN_TOKEN}` };
  let page = 0;
  results.push(
    await load('admin users page GET /api/all-users', {
      url: base,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: `/api/all-users?page=${(page++ % 200) + 1}&pageSize=25`,
            headers: adminHeaders,
          }),
        },
      ],
    }),
  );
  let search = 0;
  results.push(
    await load('admin name search GET /api/all-users?search=', {
      url: base,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: `/api/all-users?search=benchplayer${search++ % 1000}&pageSize=25`,
            headers: adminHeaders,
          }),
        },
      ],
    }),
  );

  // What one admin sees: the same two calls one at a time, with no queue of 100 in front of them.
  results.push(
    await load('admin users page, 1 connection', {
      url: base,
      connections: 1,
      duration: Math.min(duration, 5),
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: `/api/all-users?page=${(page++ % 200) + 1}&pageSize=25`,
            headers: adminHeaders,
          }),
        },
      ],
    }),
  );
  results.push(
    await load('admin name search, 1 connection', {
      url: base,
      connections: 1,
      duration: Math.min(duration, 5),
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: `/api/all-users?search=benchplayer${search++ % 1000}&pageSize=25`,
            headers: adminHeaders,
          }),
        },
      ],
    }),
  );

  const rss = peakRss();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));

  const invariant = await checkInvariant(db);
  let missing = 0;
  for (let i = 0; i < acknowledged.length; i += 500) {
    const keys = acknowledged.slice(i, i + 500).map((id) => `postback:cpx:${id}`);
    const found = await db
      .selectFrom('ledger_entries')
      .select('idempotency_key')
      .where('idempotency_key', 'in', keys)
      .execute();
    missing += keys.length - found.length;
  }
  await db.destroy();
  await dropPg?.();
  rmSync(dir, { recursive: true, force: true });

  const fmt = (r: CaseResult) =>
    `| ${r.name} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50} | ${r.p99} | ${r.errors} | ${(r.rps / ceilingResult.rps).toFixed(2)} |`;
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
  } catch {
    /* not a checkout */
  }
  const lines = [
    `## ${new Date().toISOString()} — ${engine}, commit ${commit}`,
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${CONNECTIONS} connections, ${duration} s per case.`,
    '',
    '| case | req/s | p50 ms | p99 ms | errors | × ceiling |',
    '|---|---|---|---|---|---|',
    fmt(ceilingResult),
    fmt(floorResult),
    ...results.filter((r) => r !== null).map(fmt),
    '',
    `Server peak resident memory: ${rss.toFixed(0)} MB.`,
    `Postback credits acknowledged: ${acknowledged.length}; missing from the ledger: ${missing}.`,
    `Ledger invariant: ${invariant.ok ? 'holds' : `BROKEN for ${invariant.mismatches.length} users`}.`,
    '',
  ];
  const text = lines.join('\n');
  console.log(`\n${text}`);
  const file = join(ROOT, 'bench', 'results.md');
  let previous = '';
  try {
    previous = readFileSync(file, 'utf8').replace(/^# Benchmark results\n+/, '');
  } catch {
    /* first run */
  }
  writeFileSync(file, `# Benchmark results\n\n${text}\n${previous}`);
  if (!invariant.ok || missing > 0) process.exitCode = 1;
}

await main();
