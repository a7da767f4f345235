import { toCents } from '@rewards/contracts';
import { formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';
import type { WithdrawalBounds } from './withdraw-checks';

/**
 * What the balance allows now: withdrawals take whole Robux within the bounds, so the cents of a
 * balance (R$ 36,50) stay behind, and a balance below the minimum says how much is missing. Credits
 * still on hold (`pending`) are not in the balance yet: said so when there are any.
 */
export function Withdrawable({
  balance,
  bounds,
  pending,
}: {
  balance: number | null;
  bounds: WithdrawalBounds | undefined;
  pending: number | undefined;
}) {
  if (balance === null || bounds === undefined || balance < 0) return null;
  // In hundredths, as the server counts: 36.5 - 36 in floating point is not exactly 0.5.
  const cents = toCents(balance);
  const whole = Math.floor(cents / 100);
  const rest = (cents % 100) / 100;
  const text =
    whole < bounds.minimum
      ? m.withdraw_below_minimum({
          minimum: formatRobux(bounds.minimum),
          missing: formatRobux((toCents(bounds.minimum) - cents) / 100),
        })
      : [
          m.withdraw_available_now({ amount: formatRobux(Math.min(whole, bounds.maximum)) }),
          whole > bounds.maximum
            ? m.withdraw_available_max({ maximum: formatRobux(bounds.maximum) })
            : rest > 0
              ? m.withdraw_cents_stay({ cents: formatRobux(rest, { cents: 'always' }) })
              : '',
        ]
          .filter(Boolean)
          .join(' ');
  const held = pending ? m.withdraw_on_hold({ amount: formatRobux(pending) }) : '';
  return (
    <p data-testid="withdrawable" className="mt-1 text-xs text-emerald-100/80">
      {held ? `${text} ${held}` : text}
    </p>
  );
}
