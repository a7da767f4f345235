const robuxFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "R$ 1,234.50": balances are shown with two decimals (spec §9). */
export function formatRobux(robux: number): string {
  return `R$ ${robuxFormat.format(robux)}`;
}
