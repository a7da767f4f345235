import { currentLocale, type Locale } from './i18n';

/**
 * The one place the web app turns numbers and times into text, in the player's language.
 *
 * Numbers: Belgian usage in both Dutch and French (`1.234,50`; CLDR's fr-BE would group with a
 * narrow space), English as in the spec (`1,234.50`). Dates and times name months and days in the
 * language itself.
 */
const NUMBER_LOCALE: Record<Locale, string> = { en: 'en-US', nl: 'nl-BE', fr: 'nl-BE' };
const DATE_LOCALE: Record<Locale, string> = { en: 'en-US', nl: 'nl-BE', fr: 'fr-BE' };

type Kind = 'number' | 'date';
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

/** Formatters are costly to build: one per language and style, made on first use. */
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: Kind | 'relative',
  key: string,
  make: (locale: string) => T,
): T {
  const locale = currentLocale();
  const id = `${kind}:${locale}:${key}`;
  let f = cache.get(id) as T | undefined;
  if (!f) {
    f = make(kind === 'number' ? NUMBER_LOCALE[locale] : DATE_LOCALE[locale]);
    cache.set(id, f);
  }
  return f;
}

const number = (key: string, options: Intl.NumberFormatOptions) =>
  formatter('number', key, (l) => new Intl.NumberFormat(l, options));
const date = (key: string, options: Intl.DateTimeFormatOptions) =>
  formatter('date', key, (l) => new Intl.DateTimeFormat(l, options));

/**
 * A number under a thousand with few decimals is its digits and the language's decimal sign in all
 * three languages (no grouping yet). Such numbers skip the formatter: the first one a page builds
 * costs the browser about 30 ms (its number data loads, measured in Chromium 2026-11-28), and the
 * landing and earn pages show no other number. `String(n)` is the shortest decimal that reads back
 * as `n`, the digits the formatter rounds from; more decimals than `max` go to the formatter.
 */
const DECIMAL_SIGN: Record<Locale, string> = { en: '.', nl: ',', fr: ',' };

function plainNumber(n: number, { min = 0, max = 0 }: { min?: number; max?: number } = {}): string | null {
  if (Object.is(n, -0)) return null;
  const match = /^(-?\d{1,3})(?:\.(\d+))?$/.exec(String(n));
  if (!match?.[1] || (match[2]?.length ?? 0) > max) return null;
  const fraction = (match[2] ?? '').padEnd(min, '0');
  return fraction ? `${match[1]}${DECIMAL_SIGN[currentLocale()]}${fraction}` : match[1];
}

function parse(iso: string | Date): Date | null {
  const d = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `1,234.50` / `1.234,50`: an amount of R$ with two decimals (spec §9). */
export function formatAmount(robux: number): string {
  const plain = plainNumber(robux, { min: 2, max: 2 });
  if (plain !== null) return plain;
  return number('amount', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(robux);
}

/**
 * The one way an amount of R$ is written: `R$` and the amount in the language's format. Cents only
 * when there are any (`R$ 50`, `R$ 1,50`), or always with `cents: 'always'` (balances, spec §9:
 * `R$ 36,50`, `R$ 0,00`). `sign`: a `+` before a credit (`+R$ 1,50`).
 */
export function formatRobux(
  robux: number,
  options: { cents?: 'always' | 'when-any'; sign?: boolean } = {},
): string {
  const always = options.cents === 'always' || !Number.isInteger(Math.round(robux * 100) / 100);
  const amount = always ? formatAmount(Math.abs(robux)) : formatCount(Math.abs(Math.round(robux)));
  const sign = robux < 0 ? '-' : options.sign && robux > 0 ? '+' : '';
  return `${sign}R$ ${amount}`;
}

/** `12` or `12.5`: a reward without trailing zeros (offer cards, giveaway prizes, the live feed). */
export function formatReward(robux: number): string {
  const plain = plainNumber(robux, { max: 2 });
  if (plain !== null) return plain;
  return number('reward', { maximumFractionDigits: 2 }).format(robux);
}

/** `1,234` / `1.234`: counts. */
export function formatCount(n: number): string {
  const plain = plainNumber(n);
  if (plain !== null) return plain;
  return number('count', {}).format(n);
}

/** `1.2K`: chart axes. */
export function formatCompact(n: number): string {
  return number('compact', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

/** `$1,234.50` / `€ 1.234,50`: the operator's money (the console's Economics section). */
export function formatMoney(amount: number, currency: string): string {
  return number(`money:${currency}`, { style: 'currency', currency }).format(amount);
}

/** `12.5%`. */
export function formatPercent(percent: number): string {
  const plain = plainNumber(percent, { max: 1 });
  if (plain !== null) return `${plain}%`;
  return number('percent', { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);
}

/** `Nov 23, 2026, 2:27 AM` / `23 nov 2026, 02:27`; "—" when missing, the input when unreadable. */
export function formatDateTime(iso: string | Date | null | undefined): string {
  if (!iso) return '—';
  const d = parse(iso);
  return d ? date('dateTime', { dateStyle: 'medium', timeStyle: 'short' }).format(d) : String(iso);
}

/** `Nov 23, 2:27 AM`: compact, for tables. */
export function formatShortDateTime(iso: string | Date | null | undefined): string {
  if (!iso) return '—';
  const d = parse(iso);
  return d
    ? date('shortDateTime', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(d)
    : String(iso);
}

/** `Monday, November 23, 2026 at 2:27 AM`: a moment people plan around (a giveaway's end). */
export function formatLongDateTime(iso: string | Date): string {
  const d = parse(iso);
  return d ? date('longDateTime', { dateStyle: 'full', timeStyle: 'short' }).format(d) : String(iso);
}

/** `November 2026`: when a player joined. */
export function formatMonthYear(iso: string | Date): string {
  const d = parse(iso);
  return d ? date('monthYear', { month: 'long', year: 'numeric' }).format(d) : String(iso);
}

/** `Nov 23, 2026`. */
export function formatDate(iso: string | Date): string {
  const d = parse(iso);
  return d ? date('date', { dateStyle: 'medium' }).format(d) : String(iso);
}

/** `Nov 23` for a calendar day `yyyy-mm-dd` (a site day: the charts' days), whatever the player's zone. */
export function formatDay(day: string): string {
  const d = parse(`${day}T00:00:00.000Z`);
  return d ? date('day', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d) : day;
}

/** `1:00 AM` / `01:00`: the time of day of an instant, in the player's own time zone. */
export function formatClockTime(at: Date): string {
  return date('clockTime', { hour: 'numeric', minute: '2-digit' }).format(at);
}

/**
 * `Central European Time` / `Midden-Europese tijd` / `heure d’Europe centrale`: an IANA zone's name in
 * the player's language (the zone itself when the browser cannot name it).
 */
export function formatTimeZoneName(timeZone: string): string {
  try {
    const parts = date(`zoneName:${timeZone}`, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(
      new Date(),
    );
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** `in 3 hours` / `over 3 uur` / `dans 3 heures`, or `2 minutes ago`. */
export function formatRelative(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return formatter('date', `relative`, (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' })).format(
    value,
    unit,
  );
}
