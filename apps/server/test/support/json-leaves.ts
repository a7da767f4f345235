/**
 * Every leaf of a JSON value (strings, numbers, booleans, nulls), however deep it sits in objects and
 * arrays: each as it is, or with `asText` each as text, nulls left out.
 */
export function jsonLeaves(value: unknown): unknown[];
export function jsonLeaves(value: unknown, opts: { asText: true }): string[];
export function jsonLeaves(value: unknown, opts: { asText?: boolean } = {}): unknown[] {
  const leaves = (v: unknown): unknown[] => {
    if (v !== null && typeof v === 'object') return Object.values(v).flatMap(leaves);
    if (!opts.asText) return [v];
    return v === null || v === undefined ? [] : [String(v)];
  };
  return leaves(value);
}
