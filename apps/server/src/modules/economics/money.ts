import type { OperatorCurrency } from '@rewards/contracts';
import type { Env } from '../../env.ts';

/*
 * Money is added up exactly, in integers of 10⁻⁸ USD ("usd8"): a provider's USD in millionths is
 * × 100, and R$ in hundredths × the Robux cost in millionths of USD is already usd8. Only the
 * answer is rounded, to the currency's cents.
 */

/** `usd8` of a provider's USD in millionths. */
export const usd8OfMicros = (micros: number) => micros * 100;

/** `usd8` of R$ in hundredths at a cost in millionths of USD per Robux. */
export const usd8OfCents = (cents: number, microUsd: number) => cents * microUsd;

/** Rounds `n / d` to the nearest integer, halves away from zero, without floating-point error. */
function roundDiv(n: number, d: number): number {
  const q = Math.floor(Math.abs(n) / d);
  const r = Math.abs(n) - q * d;
  return Math.sign(n) * (2 * r >= d ? q + 1 : q);
}

export interface CurrencyOf {
  currency: OperatorCurrency;
  /** The currency per USD. */
  rate: number;
  /** `usd8` → the currency, with two decimals. */
  money(usd8: number): number;
}

export function currencyOf(env: Pick<Env, 'OPERATOR_CURRENCY' | 'OPERATOR_USD_TO_EUR'>): CurrencyOf {
  if (env.OPERATOR_CURRENCY === 'EUR') {
    const rate = env.OPERATOR_USD_TO_EUR;
    return { currency: 'EUR', rate, money: (usd8) => Math.round((usd8 * rate) / 1e6) / 100 };
  }
  return { currency: 'USD', rate: 1, money: (usd8) => roundDiv(usd8, 1e6) / 100 };
}
