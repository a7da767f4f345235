// Dates and counts come from the app's one formatting module, in the admin's language.
export { formatCount, formatDateTime, formatDay, formatRobux, formatShortDateTime } from '@/lib/format';

/** A compact one-line rendering of an audit or postback value. */
export function formatJson(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** `datetime-local` input value → ISO time (UTC), or null when empty or invalid. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
