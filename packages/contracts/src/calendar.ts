/*
 * The site's calendar: days begin at midnight in the site's time zone (SITE_TIME_ZONE, an IANA name
 * such as `Europe/Brussels`). The server keys the daily streak and the console's per-day figures by
 * these days; the web shows when the next one starts. Intl knows the zone's rules, so a day is 23 or 25
 * hours long when the clocks change.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one costs far more than using it). Throws for a zone Intl does not know. */
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time at `ms` in the zone, as milliseconds of a UTC date with the same fields. */
function wallClock(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(ms)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const { year, month, day, hour, minute, second } = parts as Record<string, number>;
  return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!) + (((ms % 1000) + 1000) % 1000);
}

/** True when Intl knows the zone (the server refuses to start with one it does not). */
export function isTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** `yyyy-mm-dd` of a UTC date's fields. */
function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Per zone, the last site day computed, from its first instant to the next day's (exclusive). */
const lastDays = new Map<string, { from: number; to: number; day: string }>();

/**
 * The site day, `yyyy-mm-dd`, that `at` falls in. Asking Intl costs a few µs and every credit asks,
 * so the answer is kept for the rest of its day. Only a day of one offset is kept: there every instant
 * from its midnight to the next reads that day, which a day the clocks change in does not promise.
 */
export function siteDay(at: Date, timeZone: string): string {
  const ms = at.getTime();
  const last = lastDays.get(timeZone);
  if (last && ms >= last.from && ms < last.to) return last.day;
  const offset = (instant: number) => wallClock(instant, timeZone) - instant;
  const here = offset(ms);
  const day = isoDay(ms + here);
  // The day's bounds under the offset in force now; kept only when the offset holds at both.
  const from = Date.parse(`${day}T00:00:00Z`) - here;
  const to = from + DAY_MS;
  if (offset(from) === here && offset(to - 1) === here) lastDays.set(timeZone, { from, to, day });
  return day;
}

/** The calendar day after `day` (`yyyy-mm-dd`). */
export function nextDay(day: string): string {
  return isoDay(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
}

/** The calendar day `days` before `day` (`yyyy-mm-dd`; the day before by default). */
export function previousDay(day: string, days = 1): string {
  return isoDay(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS);
}

/**
 * The instant site day `day` begins: its midnight, or, in a zone whose clocks skip midnight, the
 * moment they jump. Assumes the zone's offset changes at most once within a day of that midnight.
 */
export function siteDayStart(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const offsetAt = (ms: number) => wallClock(ms, timeZone) - ms;
  const before = offsetAt(midnight - DAY_MS);
  const after = offsetAt(midnight + DAY_MS);
  // Midnight under the offset in force before and after a change near it: the earliest that reads 00:00.
  const candidates = [midnight - before, midnight - after].filter(
    (ms) => wallClock(ms, timeZone) === midnight,
  );
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // No instant reads 00:00: the clocks jumped over it, and the day begins at the jump.
  return new Date(midnight - before);
}

/** When the site day after the one `at` falls in begins. */
export function nextSiteDayStart(at: Date, timeZone: string): Date {
  return siteDayStart(nextDay(siteDay(at, timeZone)), timeZone);
}
