import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import type { CaseResult } from './load-runner.ts';
import { CONNECTIONS, duration, engine, ROOT } from './options.ts';

export interface BenchOutcome {
  ceilingRuns: CaseResult[];
  references: CaseResult[];
  results: CaseResult[];
  /** How PostgreSQL was reached ('' on SQLite). */
  pgReach: string;
  /** The server's peak resident memory over the whole run (MB). */
  rss: number;
  acknowledged: number;
  missing: number;
  invariant: { ok: boolean; mismatches: unknown[] };
}

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
  const withDb = engine === 'postgres';
  const fmt = (r: CaseResult) =>
    `| ${r.name} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50} | ${r.p99} | ${r.errors} | ${Math.round(r.cpuPerRequest)} |${withDb ? ` ${Math.round(r.dbCpuPerRequest)} |` : ''} ${(r.rps / r.ceiling!).toFixed(2)} |`;
  const lines = [
    `## ${new Date().toISOString()} — ${engine}, commit ${currentCommit()}`,
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${CONNECTIONS} connections, ${duration} s per case.`,
    '',
    ...(o.pgReach ? [`PostgreSQL is reached ${o.pgReach}.`, ''] : []),
    `| case | req/s | p50 ms | p99 ms | errors | server CPU µs/req |${withDb ? ' PostgreSQL CPU µs/req |' : ''} × ceiling |`,
    `|---|---|---|---|---|---|${withDb ? '---|' : ''}---|`,
    fmt(ceilingSummary(o.ceilingRuns)),
    ...o.references.map(fmt),
    ...o.results.map(fmt),
    '',
    `The ceiling was measured ${o.ceilingRuns.length} times, before the first case and after each: ${Math.round(Math.min(...ceilingRange)).toLocaleString('en')}–${Math.round(Math.max(...ceilingRange)).toLocaleString('en')} req/s. Each case's ratio is to the mean of the two measured around it.`,
    `Server peak resident memory: ${o.rss.toFixed(0)} MB. Case by case (MB; "after" is what the server reports at the end of the case, through \`/metrics\`):`,
    '',
    '| case | peak resident | after: resident | heap used | heap reserved | external |',
    '|---|---|---|---|---|---|',
    ...o.results.map(memoryRow),
    '',
    `Postback credits acknowledged: ${o.acknowledged}; missing from the ledger: ${o.missing}.`,
    `Ledger invariant: ${o.invariant.ok ? 'holds' : `BROKEN for ${o.invariant.mismatches.length} users`}.`,
    '',
  ];
  return lines.join('\n');
}

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
