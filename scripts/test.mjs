// The whole suite, as `npm test` runs it: static checks (types, formatting, lint), the web app's
// component tests, the API suite on SQLite and (when TEST_DATABASE_URL is set) on PostgreSQL, then
// the browser journeys against the built app. `npm test -- <step>` runs one step: static, web, api or e2e.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reportDir = mkdtempSync(join(tmpdir(), 'rewards-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];
/** The failed tests' names, by step: printed again at the end, where a CI log's tail shows them. */
const failedTests = [];

/** Each step's label, outcome and time, printed at the end. */
const timings = [];
const startedAt = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return record(label, result.status === 0, started);
}

function record(label, ok, started) {
  timings.push({ label, ok, ms: Date.now() - started });
  if (!ok) failedSteps.push(label);
  return ok;
}

const vitestArgs = (project, out) => [
  'vitest',
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
];
const reportOf = (label) => join(reportDir, `${label.replace(/\W+/g, '-')}.json`);

function vitest(label, project, env = {}) {
  run(label, 'npx', vitestArgs(project, reportOf(label)), env);
  countResults(label);
}

/**
 * Vitest steps side by side, each in its own process with its output's lines prefixed by its label.
 * On two cores vitest runs one test file at a time, and much of an API test's time is spent waiting
 * on a child process, a socket or PostgreSQL: the two engines' passes side by side took 519 s, one
 * after the other 354 + 473 s (2026-11-29, on the two-core machine CI runs on).
 */
async function vitestSideBySide(steps) {
  const width = Math.max(...steps.map((s) => s.label.length));
  await Promise.all(
    steps.map(
      ({ label, project, env }) =>
        new Promise((done) => {
          console.log(`\n=== ${label} (side by side) ===`);
          const started = Date.now();
          const child = spawn('npx', vitestArgs(project, reportOf(label)), {
            stdio: ['ignore', 'pipe', 'pipe'],
            env: { ...process.env, ...env },
          });
          const prefix = `[${label.padEnd(width)}] `;
          for (const stream of [child.stdout, child.stderr]) {
            let rest = '';
            stream.setEncoding('utf8');
            stream.on('data', (chunk) => {
              const lines = (rest + chunk).split('\n');
              rest = lines.pop();
              for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
            });
            stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
          }
          child.on('close', (code) => {
            record(label, code === 0, started);
            countResults(label);
            done();
          });
        }),
    ),
  );
}

function countResults(label) {
  try {
    const r = JSON.parse(readFileSync(reportOf(label), 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const name = file.name.replace(`${process.cwd()}/`, '');
      if (file.status === 'failed' && !file.assertionResults?.some((t) => t.status === 'failed'))
        failedTests.push(`${label}: ${name}: ${(file.message ?? '').split('\n')[0]}`);
      for (const t of file.assertionResults ?? [])
        if (t.status === 'failed')
          failedTests.push(
            `${label}: ${name} > ${t.fullName}: ${(t.failureMessages?.[0] ?? '').split('\n')[0]}`,
          );
    }
  } catch {
    totals.failed += 1;
  }
}

const only = process.argv[2];
if (!only || only === 'static') {
  run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  run('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
  run('lint', 'npm', ['run', '--silent', 'lint']);
}
if (!only || only === 'web') vitest('web components', 'web');
if (!only || only === 'api') {
  const sqlite = { label: 'api on SQLite', project: 'api', env: { TEST_ENGINE: 'sqlite' } };
  if (process.env.TEST_DATABASE_URL)
    await vitestSideBySide([
      sqlite,
      { label: 'api on PostgreSQL', project: 'api', env: { TEST_ENGINE: 'postgres' } },
    ]);
  else {
    vitest(sqlite.label, sqlite.project, sqlite.env);
    console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL pass is skipped.');
  }
}
if (!only || only === 'e2e') {
  if (run('build web app', 'npm', ['run', '--silent', 'build'])) vitest('browser journeys', 'e2e');
}

console.log('\nSteps:');
for (const t of timings)
  console.log(`  ${t.ok ? 'ok  ' : 'FAIL'} ${t.label.padEnd(22)} ${seconds(t.ms).padStart(7)}`);
// Steps run side by side overlap: the total is the time from start to end, not their sum.
console.log(`  total ${seconds(Date.now() - startedAt).padStart(31)}`);
console.log(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed.'}`);
if (failedTests.length)
  console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t.slice(0, 400)}`).join('\n')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
