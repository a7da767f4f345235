import { STREAK_DAYS } from '@rewards/contracts';
import { inTransaction } from '../../../db/transaction.ts';
import type { Deps } from '../../../deps.ts';
import { creditEarning } from '../../ledger/index.ts';
import * as repo from './repository.ts';

export interface Claim {
  userId: number;
  today: string;
  yesterday: string;
  at: string;
  /** What day `n` pays, in hundredths (day 7's draw is made before the claim). */
  rewardOf: (day: number) => number;
  /** The streak's next day after `row`, or null when today is claimed. */
  nextDayAfter: (row: { day: number; last_claim_day: string } | undefined) => number | null;
}

/** Rolls the transaction back when the claim is refused. */
const ALREADY = new Error('already claimed today');

/**
 * Today's claim, written once: the streak moves from the state read and the day's credit (key
 * `daily:<user>:<day>`) commits with it, or nothing does (null: today is claimed already). One
 * transaction, the same on both engines.
 *
 * The streak is read before the transaction: its move is a compare-and-set on the state read
 * (`advanceStreak`, or `insertStreakOnce` when there was none), so a claim that got there in between
 * makes it match nothing, as it would inside. Outside a transaction the read is grouped with the other
 * claims of the moment on PostgreSQL, and a claim refused on it opens no transaction.
 */
export async function claimToday(
  deps: Deps,
  c: Claim,
): Promise<{ day: number; amount: number; balance: number } | null> {
  const row = await repo.findStreak(deps.db, c.userId);
  const day = c.nextDayAfter(row);
  if (day === null) return null;
  try {
    return await inTransaction(deps.db, async (trx) => {
      const moved = row
        ? await repo.advanceStreak(
            trx,
            c.userId,
            { day: row.day, lastClaimDay: row.last_claim_day },
            { day, claimDay: c.today, at: c.at },
          )
        : await repo.insertStreakOnce(trx, c.userId, day, c.today, c.at);
      if (!moved) throw ALREADY;
      const amount = c.rewardOf(day);
      const result = await creditEarning(trx, deps, {
        userId: c.userId,
        amount,
        kind: 'daily',
        key: `daily:${c.userId}:${c.today}`,
        params: day === STREAK_DAYS ? { day, surprise: true } : { day },
        meta: { day, date: c.today },
      });
      // The key is taken only if a claim for today committed under another streak state.
      if (!result.applied) throw ALREADY;
      return { day, amount, balance: result.balance };
    });
  } catch (err) {
    if (err === ALREADY) return null;
    throw err;
  }
}
