import { fromCents, toCents } from '@rewards/contracts';
import type { Wall } from '../wall.ts';
import type { VerifiedPostback } from './schemes/index.ts';

/**
 * The credit in hundredths of R$, by the wall's amount mode: `local` (the provider's R$ amount),
 * `usd_rate` (USD × rate R$/USD), `reward` (the provider's reward field as R$). Null when missing
 * or not positive.
 */
export function creditAmount(wall: Wall, amounts: VerifiedPostback['amounts']): number | null {
  let robux: number | undefined;
  switch (wall.amount_mode) {
    case 'local':
      robux = amounts.local ?? amounts.amount;
      break;
    case 'usd_rate': {
      const usd = amounts.usd ?? amounts.amount;
      robux = usd === undefined ? undefined : usd * Number(wall.rate);
      break;
    }
    case 'reward':
      robux = amounts.reward ?? amounts.amount;
      break;
  }
  if (robux === undefined || !Number.isFinite(robux)) return null;
  const cents = toCents(robux);
  return cents > 0 && Number.isSafeInteger(cents) ? cents : null;
}

const AMOUNT_NAMES: Record<keyof VerifiedPostback['amounts'], string> = {
  local: 'R$ amount',
  usd: 'USD payout',
  reward: 'reward',
  amount: 'amount',
};

/**
 * Why a credit is refused for a negative amount, or null. A credit is never turned positive: each
 * scheme reads its provider's reversal signal itself, so a negative figure left on a credit is a
 * malformed or forged postback, not a reversal.
 */
export function negativeAmountReason(amounts: VerifiedPostback['amounts']): string | null {
  for (const [name, value] of Object.entries(amounts) as [keyof typeof AMOUNT_NAMES, number | undefined][]) {
    if (value !== undefined && value < 0) {
      return `A credit with a negative ${AMOUNT_NAMES[name]} (${value}) is refused`;
    }
  }
  return null;
}

/** Rounding the provider may do between its USD and R$ figures: 1 % and R$0.01. */
const RATE_SLACK = 1.01;

/**
 * Why a credit must wait for an admin, or null: over the wall's maximum per postback, or more R$
 * than the USD payout buys at the wall's rate (a provider converts with the rate its dashboard was
 * given; a credit far above it is a misconfiguration or a forgery), or without the USD payout its
 * provider sends (`usdParam`), which leaves nothing to check the rate against.
 */
export function reviewReason(
  wall: Wall,
  cents: number,
  amounts: VerifiedPostback['amounts'],
  usdParam?: string,
): string | null {
  const max = Number(wall.max_credit);
  if (cents > max) {
    return `R$${fromCents(cents)} is over this wall's maximum of R$${fromCents(max)} per postback`;
  }
  const rate = Number(wall.rate);
  if (wall.amount_mode === 'usd_rate' || rate <= 0) return null;
  if (amounts.usd === undefined) {
    return usdParam
      ? `R$${fromCents(cents)} without the USD payout (${usdParam}) cannot be checked against this wall's rate of R$${rate} per USD`
      : null;
  }
  const allowed = Math.ceil(amounts.usd * rate * 100 * RATE_SLACK) + 1;
  if (cents > allowed) {
    return `R$${fromCents(cents)} for USD ${amounts.usd} is more than this wall's rate of R$${rate} per USD allows`;
  }
  return null;
}
