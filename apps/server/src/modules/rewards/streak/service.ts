import { randomInt } from 'node:crypto';
import {
  fromCents,
  STREAK_DAY_REWARD,
  STREAK_DAYS,
  STREAK_SURPRISE_MAX,
  STREAK_SURPRISE_MIN,
  toCents,
  type StreakClaimResponse,
  type StreakRewardsResponse,
} from '@rewards/contracts';
import type { Player } from '../../auth/index.ts';
import { nextDay as dayAfter, previousDay, siteDay, siteDayStart } from '../../../shared/clock.ts';
import type { Deps } from '../../../deps.ts';
import { conflict } from '../../../shared/errors.ts';
import * as repo from './repository.ts';
import { claimToday } from './claim-write.ts';
import { requireCompletedOffer } from '../offer-gate.ts';

export const ALREADY_CLAIMED = "You already claimed today's reward. Come back tomorrow!";

interface StreakRow {
  day: number;
  last_claim_day: string;
}

/**
 * Where the player stands today (a site day: shared/clock.ts): which cycle days are done, and which
 * day a claim today would pay (null when today is already claimed). Claiming the day after the last
 * claim advances; a gap, or a finished 7-day cycle, starts again at day 1.
 *
 * A last claim keyed by a day after today counts as today's: days were UTC days before
 * SITE_TIME_ZONE, and a zone behind the key's (or an operator's change of zone) must not reopen a
 * day already paid (docs/decisions/0031-site-time-zone.md).
 */
export function streakState(row: StreakRow | undefined, today: string) {
  if (!row) return { claimedDays: 0, nextDay: 1 as number | null };
  if (row.last_claim_day >= today) return { claimedDays: row.day, nextDay: null };
  if (row.last_claim_day === previousDay(today) && row.day < STREAK_DAYS) {
    return { claimedDays: row.day, nextDay: row.day + 1 };
  }
  return { claimedDays: 0, nextDay: 1 };
}

/** What a claim of `day` pays, in hundredths: R$50 a day, day 7 a whole R$50–250 drawn by a CSPRNG. */
export function rewardCents(day: number): number {
  if (day === STREAK_DAYS) return toCents(randomInt(STREAK_SURPRISE_MIN, STREAK_SURPRISE_MAX + 1));
  return toCents(STREAK_DAY_REWARD);
}

export async function getStreakRewards(deps: Deps, player: Player): Promise<StreakRewardsResponse> {
  const zone = deps.env.SITE_TIME_ZONE;
  const today = siteDay(deps.clock.now(), zone);
  const row = await repo.findStreak(deps.db, player.id);
  const { claimedDays, nextDay } = streakState(row, today);
  const rewards = Array.from({ length: STREAK_DAYS }, (_, i) => {
    const day = i + 1;
    const surprise = day === STREAK_DAYS;
    return {
      day,
      amount: surprise ? STREAK_SURPRISE_MAX : STREAK_DAY_REWARD,
      claimed: day <= claimedDays,
      canClaim: day === nextDay,
      ...(surprise ? { surprise: true } : {}),
    };
  });
  return {
    rewards,
    claimedToday: nextDay === null,
    // The next claim opens when the day after the last one claimed begins (today's, normally).
    nextClaimAt: siteDayStart(
      dayAfter(row && row.last_claim_day > today ? row.last_claim_day : today),
      zone,
    ).toISOString(),
  };
}

/**
 * Claims today's reward (claim-write.ts): the streak row moves with a guarded statement and the
 * credit carries the key `daily:<user>:<day>`, both at once: however many claims race, one credits.
 */
export async function claimStreak(deps: Deps, player: Player): Promise<StreakClaimResponse> {
  await requireCompletedOffer(deps, player);
  const now = deps.clock.now();
  const today = siteDay(now, deps.env.SITE_TIME_ZONE);
  const claimed = await claimToday(deps, {
    userId: player.id,
    today,
    yesterday: previousDay(today),
    at: now.toISOString(),
    rewardOf: rewardCents,
    nextDayAfter: (row) => streakState(row, today).nextDay,
  });
  if (!claimed) throw conflict(ALREADY_CLAIMED);
  return {
    success: true as const,
    day: claimed.day,
    amount: fromCents(claimed.amount),
    robux: fromCents(claimed.balance),
  };
}
