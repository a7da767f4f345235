// `npm run bench [-- --db postgres [--pg-tcp]] [-- --duration 10]`: seeds 100,000 players and
// 1,000,000 ledger entries, starts the production server, and measures each case against a bare
// node:http ceiling measured around it in the same run. Results are printed and written to
// bench/results.md.
import { execSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { checkInvariant } from '../apps/server/src/modules/ledger/service.ts';
import { BENCH_ADMIN_TOKEN, BENCH_PLAYERS, benchName, benchRobloxId, benchToken, seedBench } from './seed.ts';
import { fromCpx } from '../e2e/support/http.ts';
import { freePort, nodeArgsOfScript, waitForHealth } from '../e2e/support/processes.ts';

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
const WARM_UP_SECONDS = 2;
const CPX_SECRET = 'bench-cpx-secret';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * Samples a process's resident memory (Linux /proc) until stopped. `casePeak()` is the peak since its
 * last call (so each case gets its own), `stop()` the peak of the whole run.
 */
function watchRss(pid: number) {
  let peak = 0;
  let sincePeak = 0;
  const sample = () => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) {
        const mb = Number(m[1]) / 1024;
        peak = Math.max(peak, mb);
        sincePeak = Math.max(sincePeak, mb);
      }
    } catch {
      /* process gone */
    }
  };
  const timer = setInterval(sample, 250);
  return {
    casePeak: () => {
      sample();
      const p = sincePeak;
      sincePeak = 0;
      return p;
    },
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

/** The server's memory as it reports it (`/metrics`), in MB. */
interface MemoryReport {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

const METRICS_TOKEN = 'bench-metrics-token-0123456789';

async function memoryReport(base: string): Promise<MemoryReport | undefined> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) return undefined;
  const text = await res.text();
  const gauge = (name: string) =>
    Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
  return {
    rss: gauge('process_resident_memory_bytes'),
    heapUsed: gauge('nodejs_heap_used_bytes'),
    heapTotal: gauge('nodejs_heap_total_bytes'),
    external: gauge('nodejs_external_memory_bytes'),
  };
}

interface CaseResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** The server's CPU time per request, in µs (what the case costs, whatever the machine's speed). */
  cpuPerRequest: number;
  /** PostgreSQL's CPU time per request, in µs (0 on SQLite, which runs inside the server). */
  dbCpuPerRequest: number;
  /** The ceiling measured just before and just after this case, averaged (req/s). */
  ceiling?: number;
  /** Site cases: the server's peak resident memory during the case, and its memory at the end (MB). */
  peakRss?: number;
  memoryAfter?: MemoryReport;
}

/**
 * The ceiling server (a bare node:http server answering a fixed small JSON body, in its own process)
 * is measured before the first case and again after each one. A case's ratio is to the mean of the
 * two ceilings measured around it: this machine's speed drifts by half within a minute, and a ceiling
 * measured once, minutes away from a case, made ratios drift with it.
 */
const ceilingRuns: CaseResult[] = [];
let ceilingTarget: { url: string; pid: number } | undefined;

async function measureCeiling(): Promise<CaseResult> {
  const r = await measure('ceiling (node:http)', { url: ceilingTarget!.url }, ceilingTarget!.pid);
  ceilingRuns.push(r);
  return r;
}

/** Measures a case between two ceiling measurements; its ratio is to their mean. */
async function compared(name: string, opts: autocannon.Options, serverPid: number): Promise<CaseResult> {
  const before = ceilingRuns.at(-1) ?? (await measureCeiling());
  const r = await measure(name, opts, serverPid);
  const after = await measureCeiling();
  return { ...r, ceiling: (before.rps + after.rps) / 2 };
}

/** The site's server process, once started: its pid, address and memory sampler. */
let site: { pid: number; base: string; rss: ReturnType<typeof watchRss> } | undefined;

/** A site case; skipped (null) when `--only` names other cases. */
async function load(name: string, opts: autocannon.Options): Promise<CaseResult | null> {
  if (only && !only.some((word) => name.includes(word))) return null;
  site!.rss.casePeak();
  const r = await compared(name, opts, site!.pid);
  return { ...r, peakRss: site!.rss.casePeak(), memoryAfter: await memoryReport(site!.base) };
}

/**
 * Node's flags as `npm start` runs the server (the root package.json), so the bench measures the
 * server with the same heap limits (docs/scaling.md, memory).
 */
const startFlags = () => nodeArgsOfScript('start').filter((word) => word.startsWith('--'));

/** Starts a reference server (node's arguments, given its port) in a process of its own. */
async function startBareServer(nodeArgs: (port: number) => string[]) {
  const port = await freePort();
  const child = spawn(process.execPath, nodeArgs(port), { cwd: ROOT, stdio: 'ignore' });
  await waitForHealth(`http://127.0.0.1:${port}`, child);
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid!, stop: () => child.kill() };
}

/** The CPU time (user + system) in a `/proc/<pid>/stat` line, in µs (clock ticks of 10 ms). */
function cpuMicrosOf(stat: string): number {
  const fields = stat.split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** CPU time a process has used so far, in µs (Linux /proc). */
function cpuMicros(pid: number): number {
  return cpuMicrosOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** CPU time used so far by every PostgreSQL process of this machine (its backends do the work), in µs. */
function postgresCpuMicros(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += cpuMicrosOf(stat);
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

/**
 * Measures a case after a short unmeasured warm-up (the JIT and the database's caches warm, as on a
 * server that has been up for a while), and the CPU time the server process spent per request.
 */
async function measure(name: string, opts: autocannon.Options, serverPid: number): Promise<CaseResult> {
  await autocannon({ connections: CONNECTIONS, ...opts, duration: WARM_UP_SECONDS });
  const cpuBefore = cpuMicros(serverPid);
  const dbCpuBefore = engine === 'postgres' ? postgresCpuMicros() : 0;
  const r = await autocannon({ connections: CONNECTIONS, duration, ...opts });
  const requests = Math.max(1, r.requests.total);
  const cpuPerRequest = (cpuMicros(serverPid) - cpuBefore) / requests;
  const dbCpuPerRequest = engine === 'postgres' ? (postgresCpuMicros() - dbCpuBefore) / requests : 0;
  const errors = r.errors + r.timeouts + r.non2xx;
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors,
    requests: r.requests.total,
    cpuPerRequest,
    dbCpuPerRequest,
  };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'rewards-bench-'));
  let databaseUrl = join(dir, 'bench.db');
  let dropPg: (() => Promise<void>) | undefined;
  let serverDatabaseUrl = databaseUrl;
  let pgReach = '';
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
    // A server on the database's machine talks to it through its Unix socket, which costs both
    // sides far less than TCP (a postback is a dozen round trips); `--pg-tcp` measures TCP instead.
    const socketDir = '/var/run/postgresql';
    const local = ['127.0.0.1', 'localhost', '::1'].includes(u.hostname);
    if (local && !args.includes('--pg-tcp') && existsSync(join(socketDir, `.s.PGSQL.${u.port || 5432}`))) {
      const viaSocket = new URL(u);
      viaSocket.hostname = 'localhost';
      viaSocket.searchParams.set('host', socketDir);
      serverDatabaseUrl = viaSocket.toString();
      pgReach = `through its Unix socket (${socketDir})`;
    } else {
      serverDatabaseUrl = databaseUrl;
      pgReach = `over TCP (${u.host})`;
    }
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
  // After a bulk load PostgreSQL's planner statistics and visibility map are empty until autovacuum
  // gets to the tables; a site that has been up has both (PostgreSQL's guide to populating a database
  // recommends this step). Without it the admin page read 5,000 heap rows per request, not 25.
  if (engine === 'postgres') await sql`vacuum analyze`.execute(db);

  const ceiling = await startBareServer((port) => [
    '-e',
    `require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json'});s.end('{"ok":true}')}).listen(${port},'127.0.0.1')`,
  ]);
  ceilingTarget = ceiling;
  await measureCeiling();
  // For reference, the framework's own floor: Fastify with no plugins answering the same body. What
  // the site's cases add on top of it is our code (hooks, logging, validation, the database).
  const fastify = await startBareServer((port) => [
    '-e',
    `const f=require('fastify')();f.get('/*',async()=>({ok:true}));f.listen({port:${port},host:'127.0.0.1'})`,
  ]);
  const floorResult = await compared(
    'reference: bare Fastify, no plugins',
    { url: fastify.url },
    fastify.pid,
  );
  fastify.stop();
  // And Fastify set up with the site's features (bench/framework-floor.mjs), answering the poll's
  // route with a constant: the least a balance poll can cost before our code and the database.
  const featured = await startBareServer((port) => [
    ...startFlags(),
    'bench/framework-floor.mjs',
    String(port),
  ]);
  const featuredResult = await compared(
    "reference: Fastify with the site's features, constant answer",
    {
      url: featured.url,
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
  featured.stop();

  // The server as production runs it: the bundled JavaScript of `npm run build:server`.
  execSync('node scripts/build-server.mjs', { cwd: ROOT, stdio: 'inherit' });
  const port = await freePort();
  const nodeFlags = [
    ...startFlags(),
    ...(profileDir ? [`--cpu-prof`, `--cpu-prof-dir=${resolve(profileDir)}`] : []),
  ];
  const server = spawn(process.execPath, [...nodeFlags, 'apps/server/dist/server.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: serverDatabaseUrl,
      ADMIN_PASSWORD: 'bench-admin-password',
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
      ROBLOX_USERS_API: 'http://127.0.0.1:9',
      ROBLOX_THUMBNAILS_API: 'http://127.0.0.1:9',
      ROBLOX_GAMEPASS_API: 'http://127.0.0.1:9',
      ROBLOX_ECONOMY_API: 'http://127.0.0.1:9',
      ROBLOX_INVENTORY_API: 'http://127.0.0.1:9',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, server);
  site = { pid: server.pid!, base, rss: watchRss(server.pid!) };

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
              path: `/api/postback/cpx?status=1&trans_id=${id}&user_id=${user}&amount_local=1.5&amount_usd=0.02&hash=${md5(`${id}-${CPX_SECRET}`)}`,
              // As from CPX's address through a proxy on this host (the wall's allow-list).
              headers: { ...req.headers, ...fromCpx },
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

  const rss = site.rss.stop();
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

  ceiling.stop();
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const ceilingRow: CaseResult = {
    name: 'ceiling (node:http), mean of its runs',
    rps: mean(ceilingRuns.map((r) => r.rps)),
    p50: Math.round(mean(ceilingRuns.map((r) => r.p50))),
    p99: Math.round(mean(ceilingRuns.map((r) => r.p99))),
    errors: ceilingRuns.reduce((a, r) => a + r.errors, 0),
    requests: 0,
    cpuPerRequest: mean(ceilingRuns.map((r) => r.cpuPerRequest)),
    dbCpuPerRequest: 0,
    ceiling: mean(ceilingRuns.map((r) => r.rps)),
  };
  const ceilingRange = ceilingRuns.map((r) => r.rps);
  // On PostgreSQL the database's processes work beside the server on the same cores: their CPU per
  // request is shown too (with the server's, it bounds what one machine can do).
  const withDb = engine === 'postgres';
  const fmt = (r: CaseResult) =>
    `| ${r.name} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50} | ${r.p99} | ${r.errors} | ${Math.round(r.cpuPerRequest)} |${withDb ? ` ${Math.round(r.dbCpuPerRequest)} |` : ''} ${(r.rps / r.ceiling!).toFixed(2)} |`;
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
    ...(pgReach ? [`PostgreSQL is reached ${pgReach}.`, ''] : []),
    `| case | req/s | p50 ms | p99 ms | errors | server CPU µs/req |${withDb ? ' PostgreSQL CPU µs/req |' : ''} × ceiling |`,
    `|---|---|---|---|---|---|${withDb ? '---|' : ''}---|`,
    fmt(ceilingRow),
    fmt(floorResult),
    fmt(featuredResult),
    ...results.filter((r) => r !== null).map(fmt),
    '',
    `The ceiling was measured ${ceilingRuns.length} times, before the first case and after each: ${Math.round(Math.min(...ceilingRange)).toLocaleString('en')}–${Math.round(Math.max(...ceilingRange)).toLocaleString('en')} req/s. Each case's ratio is to the mean of the two measured around it.`,
    `Server peak resident memory: ${rss.toFixed(0)} MB. Case by case (MB; "after" is what the server reports at the end of the case, through \`/metrics\`):`,
    '',
    '| case | peak resident | after: resident | heap used | heap reserved | external |',
    '|---|---|---|---|---|---|',
    ...results
      .filter((r) => r !== null)
      .map((r) => {
        const m = r.memoryAfter;
        const mb = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '?' : x.toFixed(0));
        return `| ${r.name} | ${mb(r.peakRss)} | ${mb(m?.rss)} | ${mb(m?.heapUsed)} | ${mb(m?.heapTotal)} | ${mb(m?.external)} |`;
      }),
    '',
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
