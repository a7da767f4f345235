import { fromCents, type ReversalShare, type WithdrawalBlock } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../shared/errors.ts';
import * as history from './player-history-repository.ts';

/**
 * What stops a player from requesting a withdrawal, besides verification and the amount itself:
 * - too many of their offer and survey credits were reversed lately (MAX_REVERSAL_PERCENT): a player
 *   whose completions the providers keep charging back is likely cashing out fraudulent ones;
 * - a negative balance (reversals after the credit was spent): later earnings pay it back first.
 * The same sentence is the refusal of `POST /api/withdraw`, the notice on the withdraw page and the
 * line in the admin console's user view.
 */

export const REVERSAL_WINDOW_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

const round1 = (n: number) => Math.round(n * 10) / 10;
const robux = (cents: number) =>
  `R$ ${fromCents(cents).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** The reversed share of the player's offer and survey credits over the last 90 days. */
export async function reversalShareOf(deps: Deps, userId: number): Promise<ReversalShare> {
  const since = new Date(deps.clock.now().getTime() - REVERSAL_WINDOW_DAYS * DAY_MS).toISOString();
  const f = await history.reversalFigures(deps.db, userId, since);
  const limit = deps.env.MAX_REVERSAL_PERCENT;
  const countShare = f.credits > 0 ? (f.reversed * 100) / f.credits : 0;
  const amountShare = f.creditedCents > 0 ? (f.reversedCents * 100) / f.creditedCents : 0;
  return {
    windowDays: REVERSAL_WINDOW_DAYS,
    credits: f.credits,
    reversed: f.reversed,
    creditedRobux: fromCents(f.creditedCents),
    reversedRobux: fromCents(f.reversedCents),
    percent: round1(Math.max(countShare, amountShare)),
    limitPercent: limit,
    // Compared unrounded: 10.04% is above a 10% limit.
    paused: f.reversed > 0 && (countShare > limit || amountShare > limit),
  };
}

export function pausedMessage(s: ReversalShare): string {
  const countShare = s.credits > 0 ? (s.reversed * 100) / s.credits : 0;
  const byCount = countShare > s.limitPercent;
  const what = byCount
    ? `${s.reversed} of your ${s.credits} offer and survey credits of the last ${s.windowDays} days (${round1(countShare)}%) were reversed by their provider`
    : `${robux(Math.round(s.reversedRobux * 100))} of your ${robux(Math.round(s.creditedRobux * 100))} of offer and survey credits of the last ${s.windowDays} days (${s.percent}%) were reversed by their provider`;
  return `Withdrawals are paused on your account: ${what}, more than the ${s.limitPercent}% allowed. They resume by themselves once that share is ${s.limitPercent}% or less, as new credits are added or old ones pass ${s.windowDays} days.`;
}

export function negativeBalanceMessage(balanceCents: number): string {
  return `Your balance is ${robux(balanceCents)}: an offer or survey credit you had already used was reversed by its provider. Later earnings pay it back first; you can withdraw once your balance covers the amount.`;
}

/** The first rule that stops a withdrawal now, or null. */
export async function withdrawalBlockOf(
  deps: Deps,
  user: { id: number; balance: number },
  share?: ReversalShare,
): Promise<WithdrawalBlock | null> {
  const s = share ?? (await reversalShareOf(deps, user.id));
  if (s.paused) return { code: 'WITHDRAWALS_PAUSED', message: pausedMessage(s), reversals: reversalsOf(s) };
  if (user.balance < 0) {
    return {
      code: 'INSUFFICIENT_FUNDS',
      message: negativeBalanceMessage(user.balance),
      reason: 'NEGATIVE_BALANCE',
      balance: fromCents(user.balance),
    };
  }
  return null;
}

/** The refusal of a withdrawal request while the reversal rule pauses the account. */
export const withdrawalsPaused = (s: ReversalShare) =>
  new AppError(403, 'WITHDRAWALS_PAUSED', pausedMessage(s), { reversals: reversalsOf(s) });

/** The figures of a pause that the refusal and the withdraw page's notice carry. */
function reversalsOf(s: ReversalShare) {
  return { credits: s.credits, reversed: s.reversed, percent: s.percent, limitPercent: s.limitPercent };
}
