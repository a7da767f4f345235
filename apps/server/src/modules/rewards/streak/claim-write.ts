import { STREAK_DAYS } from '@rewards/contracts';
import type { Deps } from '../../../deps.ts';
import { creditEarningWhen, type Posting } from '../../ledger/index.ts';
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

const creditFirstClaim = creditEarningWhen(repo.firstStreak);
const creditNextClaim = creditEarningWhen(repo.advanceStreak);

/**
 * Today's claim, written once: the streak moves from the state read and the day's credit (key
 * `daily:<user>:<day>`) is written with it, or nothing is (null: today is claimed already). The move
 * is the credit's guard (ledger `creditEarningWhen`): one statement on PostgreSQL, one transaction on
 * SQLite.
 *
 * The streak is read first, and its move is a compare-and-set on the state read (`advanceStreak`, or
 * `firstStreak` when there was none), so a claim that got there in between makes it match nothing. The
 * read is grouped with the other claims of the moment on PostgreSQL, and a claim refused on it writes
 * nothing.
 */
export async function claimToday(
  deps: Deps,
  c: Claim,
): Promise<{ day: number; amount: number; balance: number } | null> {
  const row = await repo.findStreak(deps.db, c.userId);
  const day = c.nextDayAfter(row);
  if (day === null) return null;
  const amount = c.rewardOf(day);
  const posting: Posting = {
    userId: c.userId,
    amount,
    kind: 'daily',
    key: `daily:${c.userId}:${c.today}`,
    params: day === STREAK_DAYS ? { day, surprise: true } : { day },
    meta: { day, date: c.today },
  };
  const result = row
    ? await creditNextClaim(deps, posting, c.userId, row.day, row.last_claim_day, day, c.today, c.at)
    : await creditFirstClaim(deps, posting, c.userId, day, c.today, c.at);
  return result && { day, amount, balance: result.balance };
}
