import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { UNKNOWN_WALL_CASE } from './cases.ts';
import { LIVE_DELIVERY_MAX_MS, LIVE_STREAMS, LIVE_STREAMS_MAX_MB, type LiveFeedResult } from './live-feed.ts';
import type { CaseResult } from './load-runner.ts';
import { CONNECTIONS, duration, MAX_RSS_MB, ROOT, UNKNOWN_WALL_MIN_RPS, type Engine } from './options.ts';
import { OUTAGE_MAX_MS, type OutageTiming } from './outages.ts';
import { BARE_FASTIFY } from './servers.ts';
import { LANDING_JS_MAX_BYTES, type WebWeight } from './web-weight.ts';

export interface BenchOutcome {
  /** What ran: 'SQLite', 'PostgreSQL', 'PostgreSQL, start:cluster × 2'. */
  label: string;
  engine: Engine;
  /** Cluster workers (absent: one server process). */
  workers?: number;
  ceilingRuns: CaseResult[];
  references: CaseResult[];
  results: CaseResult[];
  /** How PostgreSQL was reached ('' on SQLite). */
  pgReach: string;
  /** The peak resident memory of the server's largest process over the whole run (MB). */
  rss: number;
  acknowledged: number;
  missing: number;
  /** Acknowledged credits in the ledger more than once. */
  repeated: number;
  invariant: { ok: boolean; mismatches: unknown[] };
  /** The live feed on this run's server (one process only; absent when skipped). */
  liveFeed?: LiveFeedResult;
}

/** The budgets measured apart from the load, once for the whole run (absent when skipped). */
export interface Budgets {
  webWeight?: WebWeight;
  outages?: OutageTiming[];
}

/** A check of the run: whether it holds, and what was measured against what. */
type Check = [boolean, string];

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function ceilingSummary(ceilingRuns: CaseResult[]): CaseResult {
  return {
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
}

function currentCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
  } catch {
    return 'unknown';
  }
}

function memoryRow(r: CaseResult): string {
  const m = r.memoryAfter;
  const mb = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '?' : x.toFixed(0));
  return `| ${r.name} | ${mb(r.peakRss)} | ${mb(m?.rss)} | ${mb(m?.heapUsed)} | ${mb(m?.heapTotal)} | ${mb(m?.external)} |`;
}

/** The run as a Markdown section: the cases against the ceiling, memory case by case, the checks. */
export function formatReport(o: BenchOutcome): string {
  const ceilingRange = o.ceilingRuns.map((r) => r.rps);
  // On PostgreSQL the database's processes work beside the server on the same cores: their CPU per
  // request is shown too (with the server's, it bounds what one machine can do).
  const withDb = o.engine === 'postgres';
  const fmt = (r: CaseResult) =>
    `| ${r.name} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50} | ${r.p99} | ${r.errors} | ${Math.round(r.cpuPerRequest)} |${withDb ? ` ${Math.round(r.dbCpuPerRequest)} |` : ''} ${(r.rps / r.ceiling!).toFixed(2)} |`;
  const lines = [
    `## ${new Date().toISOString()} — ${o.label}, commit ${currentCommit()}`,
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${CONNECTIONS} connections, ${duration} s per case.`,
    '',
    ...(o.pgReach ? [`PostgreSQL is reached ${o.pgReach}.`, ''] : []),
    `| case | req/s | p50 ms | p99 ms | errors | server CPU µs/req |${withDb ? ' PostgreSQL CPU µs/req |' : ''} × ceiling |`,
    `|---|---|---|---|---|---|${withDb ? '---|' : ''}---|`,
    fmt(ceilingSummary(o.ceilingRuns)),
    ...(o.workers ? [] : o.references.map(fmt)),
    ...o.results.map(fmt),
    '',
    `The ceiling was measured ${o.ceilingRuns.length} times, before the first case and after each: ${Math.round(Math.min(...ceilingRange)).toLocaleString('en')}–${Math.round(Math.max(...ceilingRange)).toLocaleString('en')} req/s. Each case's ratio is to the mean of the two measured around it.`,
    `Server peak resident memory${o.workers ? ' (its largest process)' : ''}: ${o.rss.toFixed(0)} MB. Case by case (MB; "after" is what the server reports at the end of the case, through \`/metrics\`${o.workers ? ', all workers added up' : ''}):`,
    '',
    '| case | peak resident | after: resident | heap used | heap reserved | external |',
    '|---|---|---|---|---|---|',
    ...o.results.map(memoryRow),
    '',
    `Postback credits acknowledged: ${o.acknowledged}; missing from the ledger: ${o.missing}; there more than once: ${o.repeated}.`,
    `Ledger invariant: ${o.invariant.ok ? 'holds' : `BROKEN for ${o.invariant.mismatches.length} users`}.`,
    ...(o.liveFeed ? ['', ...liveFeedLines(o.liveFeed)] : []),
    '',
  ];
  return lines.join('\n');
}

function liveFeedLines(l: LiveFeedResult): string[] {
  return [
    `Live feed: ${l.streams.toLocaleString('en')} open streams took the server from ${l.rssBefore.toFixed(1)} to ${l.rssWith.toFixed(1)} MB resident (${(((l.rssWith - l.rssBefore) * 1024) / l.streams).toFixed(1)} KB a stream).`,
    `From sending a credit to its earning on an open stream: ${l.deliveries.map((ms) => `${Math.round(ms)} ms`).join(', ')}; the last on all ${l.streams.toLocaleString('en')} streams after ${Math.round(l.fanOutMs)} ms.`,
  ];
}

/** The budgets measured apart from the load: the landing page's weight, the calls during Roblox outages. */
export function formatBudgets(b: Budgets): string {
  if (!b.webWeight && !b.outages) return '';
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = [`## ${new Date().toISOString()} — budgets, commit ${currentCommit()}`, ''];
  if (b.webWeight) {
    lines.push(
      `The landing page's JavaScript, gzip level 9 (the \`.gz\` files the server sends), 1 KB = 1024 bytes: ${kb(b.webWeight.bytes)} in ${b.webWeight.files.length} files.`,
      '',
      '| file | gzip |',
      '|---|---|',
      ...b.webWeight.files.map((f) => `| ${f.file} | ${kb(f.bytes)} |`),
      '',
    );
  }
  if (b.outages) {
    lines.push(
      'While Roblox is down, slow (answers after 10 s) or rate-limiting, on the production server with its default Roblox settings:',
      '',
      '| Roblox | call | ms | outcome |',
      '|---|---|---|---|',
      ...b.outages.map((t) => `| ${t.fault} | ${t.call} | ${t.ms.toLocaleString('en')} | ${t.outcome} |`),
      '',
    );
  }
  return lines.join('\n');
}

const bareFastifyOf = (o: BenchOutcome) => o.references.find((r) => r.name === BARE_FASTIFY);
const cpuOf = (r: CaseResult) => r.cpuPerRequest + r.dbCpuPerRequest;
const rowsOf = (o: BenchOutcome) => [...(o.workers ? [] : o.references), ...o.results];

/**
 * The summary table: per case and run, CPU per request (the server's, plus the database's on
 * PostgreSQL), that as a multiple of bare Fastify's in the same run, and req/s as a share of the
 * node:http ceiling measured around the case. Then the checks, each with its verdict.
 */
export function formatSummary(outcomes: BenchOutcome[], budgets: Budgets): string {
  const names = [...new Set(outcomes.flatMap((o) => rowsOf(o).map((r) => r.name)))];
  const cell = (o: BenchOutcome, name: string) => {
    const r = rowsOf(o).find((x) => x.name === name);
    const bare = bareFastifyOf(o);
    if (!r) return '– | –';
    const cpu =
      o.engine === 'postgres'
        ? `${Math.round(r.cpuPerRequest).toLocaleString('en')} + ${Math.round(r.dbCpuPerRequest).toLocaleString('en')}`
        : Math.round(r.cpuPerRequest).toLocaleString('en');
    return `${cpu} | ${bare ? (cpuOf(r) / cpuOf(bare)).toFixed(1) : '?'}×`;
  };
  const ceilingCell = (o: BenchOutcome, name: string) => {
    const r = rowsOf(o).find((x) => x.name === name);
    return r?.ceiling ? (r.rps / r.ceiling).toFixed(2) : '–';
  };
  const what = (o: BenchOutcome) => (o.engine === 'postgres' ? 'server + database' : 'server');
  const ceilingMean = (o: BenchOutcome) => ceilingSummary(o.ceilingRuns);
  const lines = [
    `## ${new Date().toISOString()} — summary, commit ${currentCommit()}`,
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; ${CONNECTIONS} connections, ${duration} s per case. CPU per request in µs; × bare Fastify is that CPU over bare Fastify's in the same run; × ceiling is req/s over the node:http ceiling's measured around the case.`,
    '',
    `| case | ${outcomes.map((o) => `${o.label}: ${what(o)} CPU µs/req | × bare Fastify`).join(' | ')} | × ceiling (${outcomes.map((o) => o.label).join(' / ')}) |`,
    `|---|${outcomes.map(() => '---|---|').join('')}---|`,
    `| ceiling (node:http) | ${outcomes
      .map((o) => {
        const c = ceilingMean(o);
        const bare = bareFastifyOf(o);
        return `${Math.round(c.cpuPerRequest)} | ${bare ? (c.cpuPerRequest / cpuOf(bare)).toFixed(1) : '?'}×`;
      })
      .join(' | ')} | ${outcomes.map(() => '1.00').join(' / ')} |`,
    ...names.map(
      (name) =>
        `| ${name} | ${outcomes.map((o) => cell(o, name)).join(' | ')} | ${outcomes.map((o) => ceilingCell(o, name)).join(' / ')} |`,
    ),
    '',
    ...capacityLines(outcomes),
    ...checkLines(outcomes, budgets).map(([ok, text]) => `- ${ok ? 'ok' : 'FAILED'}: ${text}`),
    '',
  ];
  return lines.join('\n');
}

/** An open tab polls the balance this often (apps/web). */
const POLL_SECONDS = 15;

/**
 * What one core does, from the CPU per request: players online (one balance poll per tab every
 * 15 s) and postback credits a second, for a core of the server and, on PostgreSQL, of the database.
 */
function capacityLines(outcomes: BenchOutcome[]): string[] {
  const perCore = (micros: number | undefined, times = 1) =>
    micros ? Math.round(((1_000_000 / micros) * times) / 100) * 100 : undefined;
  const fmt = (n: number | undefined) => (n === undefined ? '–' : n.toLocaleString('en'));
  const find = (o: BenchOutcome, word: string) => o.results.find((r) => r.name.includes(word));
  return [
    `Per core, from the CPU per request above (players online: one balance poll every ${POLL_SECONDS} s; the pages they open and the daily claim come on top):`,
    '',
    '| run | players online per server core | per database core | postback credits/s per server core | per database core |',
    '|---|---|---|---|---|',
    ...outcomes.map((o) => {
      const poll = find(o, 'balance poll');
      const postback = find(o, 'postback credits');
      const db = o.engine === 'postgres';
      return `| ${o.label} | ${fmt(perCore(poll?.cpuPerRequest, POLL_SECONDS))} | ${db ? fmt(perCore(poll?.dbCpuPerRequest, POLL_SECONDS)) : '(in the server)'} | ${fmt(perCore(postback?.cpuPerRequest))} | ${db ? fmt(perCore(postback?.dbCpuPerRequest)) : '(in the server)'} |`;
    }),
    '',
  ];
}

/**
 * The run's checks: no errors, every acknowledged credit in the ledger once, the invariant, memory,
 * the pace of postbacks to unknown walls, the live feed's memory and delay; then the budgets measured
 * apart from the load.
 */
function checkLines(outcomes: BenchOutcome[], budgets: Budgets): Check[] {
  return [...outcomes.flatMap(runChecks), ...budgetChecks(budgets)];
}

function runChecks(o: BenchOutcome): Check[] {
  const errors = rowsOf(o).reduce((sum, r) => sum + r.errors, 0);
  const checks: Check[] = [
    [errors === 0, `${o.label}: ${errors} errors (timeouts and answers other than the case's included)`],
    [
      o.missing === 0 && o.repeated === 0,
      `${o.label}: ${o.acknowledged.toLocaleString('en')} postback credits acknowledged, ${o.missing} missing from the ledger, ${o.repeated} there more than once`,
    ],
    [
      o.invariant.ok,
      `${o.label}: ledger invariant ${o.invariant.ok ? 'holds' : `broken for ${o.invariant.mismatches.length} users`}`,
    ],
    [
      o.rss <= MAX_RSS_MB,
      `${o.label}: peak resident memory of a server process ${o.rss.toFixed(0)} MB (at most ${MAX_RSS_MB})`,
    ],
  ];
  const flood = o.results.find((r) => r.name === UNKNOWN_WALL_CASE);
  if (flood) {
    checks.push([
      flood.rps >= UNKNOWN_WALL_MIN_RPS,
      `${o.label}: postbacks to unknown walls answered at ${Math.round(flood.rps).toLocaleString('en')} req/s (at least ${Math.ceil(UNKNOWN_WALL_MIN_RPS)}: 10,000 within a minute)`,
    ]);
  }
  const live = o.liveFeed;
  if (live) {
    const cost = live.rssWith - live.rssBefore;
    const slowest = Math.max(...live.deliveries);
    checks.push(
      [
        cost < LIVE_STREAMS_MAX_MB,
        `${o.label}: ${LIVE_STREAMS.toLocaleString('en')} open live-feed streams cost ${cost.toFixed(1)} MB of resident memory (under ${LIVE_STREAMS_MAX_MB})`,
      ],
      [
        slowest <= LIVE_DELIVERY_MAX_MS,
        `${o.label}: a credit reached an open live-feed stream within ${Math.round(slowest)} ms (at most ${LIVE_DELIVERY_MAX_MS.toLocaleString('en')})`,
      ],
    );
  }
  return checks;
}

function budgetChecks(b: Budgets): Check[] {
  const checks: Check[] = [];
  if (b.webWeight) {
    checks.push([
      b.webWeight.bytes <= LANDING_JS_MAX_BYTES,
      `the landing page's JavaScript is ${(b.webWeight.bytes / 1024).toFixed(1)} KB gzip (at most ${LANDING_JS_MAX_BYTES / 1024} KB)`,
    ]);
  }
  if (b.outages) {
    const slowest = Math.max(...b.outages.map((t) => t.ms));
    const wrong = b.outages.filter((t) => t.outcome !== t.expected);
    checks.push([
      slowest < OUTAGE_MAX_MS && wrong.length === 0,
      `while Roblox is down, slow or rate-limiting, every call that needs it answered within ${slowest.toLocaleString('en')} ms (under ${OUTAGE_MAX_MS.toLocaleString('en')})${
        wrong.length
          ? `; but ${wrong.map((t) => `${t.call} (${t.fault}) gave ${t.outcome}, not ${t.expected}`).join('; ')}`
          : ''
      }`,
    ]);
  }
  return checks;
}

export const checksPassed = (outcomes: BenchOutcome[], budgets: Budgets) =>
  checkLines(outcomes, budgets).every(([ok]) => ok);

/** Puts the newest run first in bench/results.md. */
export function prependToResults(text: string): void {
  const file = join(ROOT, 'bench', 'results.md');
  let previous = '';
  try {
    previous = readFileSync(file, 'utf8').replace(/^# Benchmark results\n+/, '');
  } catch {
    /* first run */
  }
  writeFileSync(file, `# Benchmark results\n\n${text}\n${previous}`);
}
