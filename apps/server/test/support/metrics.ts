import { expect } from 'vitest';

/** One Prometheus sample line: name{labels} value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses (and so checks) the text format: HELP/TYPE comments, then samples of declared families. */
export function parseMetrics(text: string): { samples: Sample[]; types: Map<string, string> } {
  expect(text.endsWith('\n')).toBe(true);
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    // The format ignores empty lines; prom-client puts one between families.
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(comment[3]);
        expect(types.has(comment[2]!), `TYPE of ${comment[2]} twice`).toBe(false);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    expect(m, `not a sample line: ${line}`).not.toBeNull();
    const [, name, rawLabels, rawValue] = m!;
    const labels: Record<string, string> = {};
    if (rawLabels) {
      const re = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/gy;
      let consumed = 0;
      for (let lm = re.exec(rawLabels); lm; lm = re.exec(rawLabels)) {
        labels[lm[1]!] = lm[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
        consumed = re.lastIndex;
      }
      expect(consumed, `labels of ${line}`).toBe(rawLabels.length);
    }
    const family = name!.replace(/_(bucket|sum|count)$/, '');
    expect(types.has(name!) || types.get(family) === 'histogram', `no TYPE before ${name}`).toBe(true);
    // NaN is a value (prom-client writes `Nan`, e.g. an event-loop mean with no sample yet); the
    // format's parsers read it in any case.
    const nan = /^nan$/i.test(rawValue!);
    const value = nan
      ? NaN
      : rawValue === '+Inf'
        ? Infinity
        : rawValue === '-Inf'
          ? -Infinity
          : Number(rawValue);
    expect(Number.isNaN(value) && !nan, line).toBe(false);
    samples.push({ name: name!, labels, value });
  }
  return { samples, types };
}

/** The samples of `name` whose labels include `labels` (all of them for `{}`). */
export const samplesOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

/** The value of `name` with `labels` in a `/metrics` answer, added up over its series (0 when it has none). */
export const metricValue = (text: string, name: string, labels: Record<string, string> = {}) =>
  samplesOf(parseMetrics(text).samples, name, labels).reduce((n, s) => n + s.value, 0);
