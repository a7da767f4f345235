import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bearer, createTestApp, type TestApp } from './support/test-app.ts';

/**
 * docs/operations/ ships a Grafana dashboard and Prometheus alert rules. Every metric they name must
 * be one the site exports (or one of the few named below that come from elsewhere), so a renamed
 * metric cannot leave an alert silently watching nothing.
 */

const ALERTS = fileURLToPath(new URL('../../../docs/operations/alerts.yml', import.meta.url));
const DASHBOARD = fileURLToPath(new URL('../../../docs/operations/grafana-dashboard.json', import.meta.url));
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

/** Metrics from other exporters, as docs/operations/alerts.yml's header says. */
const EXTERNAL = new Set([
  'node_filesystem_avail_bytes', // node_exporter
  'node_filesystem_size_bytes', // node_exporter
  // SQLite: the server's own; PostgreSQL: scripts/backup/pg-stream.sh, through node_exporter's textfile collector
  'rewards_backup_last_success_timestamp_seconds',
]);

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
]);

/** The metric names a PromQL expression reads (not functions, label names, keywords or durations). */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // ranges
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ''); // label lists
  const names = new Set<string>();
  for (const m of bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)) {
    if (m[2] || PROMQL_WORDS.has(m[1]!)) continue; // a function call, or a keyword
    names.add(m[1]!);
  }
  return [...names];
}

interface AlertRule {
  alert: string;
  expr: string;
}

const promtool = spawnSync('promtool', ['--version']).status === 0;

describe('docs/operations', () => {
  let t: TestApp;
  /** Every sample name the site's /metrics can carry, from its TYPE lines. */
  const exported = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN } });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(res.statusCode).toBe(200);
    for (const m of res.body.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exported.add(m[1]!);
      if (m[2] === 'histogram') for (const s of ['_bucket', '_sum', '_count']) exported.add(`${m[1]}${s}`);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the metric names out of PromQL', () => {
    expect(
      metricNames(
        'sum by (route, le) (rate(http_request_duration_seconds_bucket{status_code=~"5.."}[5m])) / on() max(up) unless absent(x_total)',
      ).sort(),
    ).toEqual(['http_request_duration_seconds_bucket', 'up', 'x_total']);
  });

  it('has alerts for the failures the runbook names, each on metrics that exist', () => {
    const alerts = parse(readFileSync(ALERTS, 'utf8')) as { groups: Array<{ rules: AlertRule[] }> };
    const rules = alerts.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'PayoutsStopped',
        'RobloxDown',
        'PostbacksRefused',
        'DiskFilling',
        'BackupTooOld',
      ]),
    );
    for (const rule of rules) {
      const names = metricNames(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) {
        expect(exported.has(name) || EXTERNAL.has(name), `${rule.alert} reads ${name}`).toBe(true);
      }
    }
  });

  it('draws the dashboard from metrics that exist', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
      panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
    };
    const panels = dashboard.panels.flatMap((p) => p.targets.map((t) => ({ panel: p.title, expr: t.expr })));
    expect(panels.length).toBeGreaterThanOrEqual(12);
    for (const { panel, expr } of panels) {
      for (const name of metricNames(expr)) {
        expect(exported.has(name) || EXTERNAL.has(name), `"${panel}" reads ${name}`).toBe(true);
      }
    }
    // The standard names the ecosystem's dashboards expect are among them.
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'http_request_duration_seconds_bucket',
      'process_resident_memory_bytes',
      'nodejs_gc_duration_seconds_bucket',
    ])
      expect(exported.has(name), name).toBe(true);
  });

  it.skipIf(!promtool)('passes promtool check rules', () => {
    const out = execFileSync('promtool', ['check', 'rules', ALERTS], { encoding: 'utf8' });
    expect(out).toMatch(/SUCCESS/);
  });
});
