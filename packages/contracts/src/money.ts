/**
 * Money travels as R$ numbers with at most two decimals and is stored as integer hundredths.
 * These two functions are the only conversions between the two forms.
 */
export function toCents(robux: number): number {
  return Math.round(robux * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** "1,234.5" style display with up to two decimals, localized. */
export function formatRobux(robux: number, locale?: string): string {
  return robux.toLocaleString(locale, { maximumFractionDigits: 2 });
}
