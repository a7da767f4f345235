import { toCents } from '@rewards/contracts';
import type { Wall } from '../shared.ts';
import type { VerifiedPostback } from './verifiers/types.ts';

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
