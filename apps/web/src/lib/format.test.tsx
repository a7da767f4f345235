import { describe, expect, it } from 'vitest';
import { formatAmount, formatCount, formatPercent, formatReward, formatRobux } from './format';
import { changeLocale } from './i18n';

describe('formatRobux: the one way an amount of R$ is written', () => {
  it.each([
    ['en', 'R$ 50', 'R$ 1.50', 'R$ 1,234.50', 'R$ 36.00', '+R$ 1.50', '-R$ 5.00'],
    ['nl', 'R$ 50', 'R$ 1,50', 'R$ 1.234,50', 'R$ 36,00', '+R$ 1,50', '-R$ 5,00'],
    ['fr', 'R$ 50', 'R$ 1,50', 'R$ 1.234,50', 'R$ 36,00', '+R$ 1,50', '-R$ 5,00'],
  ] as const)(
    'in %s: symbol, space, the language’s digits',
    (locale, whole, cents, large, balance, credit, debt) => {
      changeLocale(locale);
      expect(formatRobux(50)).toBe(whole);
      expect(formatRobux(1.5)).toBe(cents);
      expect(formatRobux(1234.5)).toBe(large);
      // Balances always show their cents (spec §9), even when there are none.
      expect(formatRobux(36, { cents: 'always' })).toBe(balance);
      expect(formatRobux(1.5, { sign: true })).toBe(credit);
      expect(formatRobux(-5, { cents: 'always' })).toBe(debt);
    },
  );
});

describe('small numbers', () => {
  it.each([
    ['en', 'en-US'],
    ['nl', 'nl-BE'],
    ['fr', 'nl-BE'],
  ] as const)(
    'in %s read as the number formatter writes them, with or without cents',
    (locale, numberLocale) => {
      changeLocale(locale);
      const intl = new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 2 });
      const percent = new Intl.NumberFormat(numberLocale, { style: 'percent', maximumFractionDigits: 1 });
      for (let n = -1500; n <= 1500; n++) {
        expect(formatCount(n)).toBe(intl.format(n));
        expect(formatReward(n)).toBe(intl.format(n));
        expect(formatPercent(n)).toBe(percent.format(n / 100));
      }
      const amount = new Intl.NumberFormat(numberLocale, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      // Cents across the range, the edges, and more decimals than shown (the formatter rounds those).
      const withCents = [0.01, 0.1, 0.5, 999.99, -999.99, 1000.5, 1.005, 2.675, 0.125, 12.3456, 1e-7, 1e21];
      for (let i = -150_000; i <= 150_000; i += 37) withCents.push(i / 100);
      for (const n of withCents) {
        expect(formatAmount(n)).toBe(amount.format(n));
        expect(formatReward(n)).toBe(intl.format(n));
        expect(formatPercent(n)).toBe(percent.format(n / 100));
      }
    },
  );
});
