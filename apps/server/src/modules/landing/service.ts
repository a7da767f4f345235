import { STREAK_DAY_REWARD, earningKinds, type LandingResponse, type SiteFigures } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import { ledgerTotals } from '../ledger/index.ts';
import { paidWithdrawalTotals } from '../withdrawals/index.ts';

/** How long the measured figures are reused: every landing visit costs at most one read a minute per process. */
export const FIGURES_TTL_MS = 60_000;

const EARNINGS = new Set<string>(earningKinds);

/**
 * The site's measured figures, or null while it has paid fewer withdrawals than the operator's
 * threshold (a handful of payouts would read as a boast, or give players away).
 */
async function measuredFigures(deps: Deps): Promise<SiteFigures | null> {
  const [paid, ledger] = await Promise.all([paidWithdrawalTotals(deps.db), ledgerTotals(deps.db)]);
  if (paid.count < deps.env.PUBLIC_FIGURES_MIN_PAYOUTS) return null;
  return {
    robuxPaidOut: paid.robux,
    rewardsCredited: ledger.filter((t) => t.credit && EARNINGS.has(t.kind)).reduce((n, t) => n + t.count, 0),
    playersPaid: paid.players,
  };
}

/**
 * GET /api/landing: the figures (read at most once per FIGURES_TTL_MS, shared by concurrent
 * callers), and what a new player gets by the site's own settings, for the cards to say instead.
 */
export function createLanding(deps: Deps) {
  const { env } = deps;
  const cache = new TtlCache<'figures', Promise<SiteFigures | null>>({
    ttlMs: FIGURES_TTL_MS,
    now: () => deps.clock.now().getTime(),
  });
  const fixed: Omit<LandingResponse, 'figures'> = {
    offer: {
      firstDailyReward: STREAK_DAY_REWARD,
      dailyNeedsOffer: env.BONUSES_REQUIRE_OFFER,
      minWithdrawal: env.MIN_WITHDRAWAL,
      referralPercent: env.REFERRAL_COMMISSION_PERCENT,
    },
    firstWithdrawalReviewed: env.REVIEW_FIRST_WITHDRAWAL,
    payoutMethods: env.PAYOUT_METHODS,
    rating:
      env.SITE_RATING !== undefined && env.SITE_RATING_SOURCE
        ? { value: env.SITE_RATING, source: env.SITE_RATING_SOURCE }
        : null,
  };
  return async (): Promise<LandingResponse> => {
    let figures = cache.get('figures');
    if (!figures) {
      figures = measuredFigures(deps);
      cache.set('figures', figures);
      // A failed read is not kept: the next caller tries again.
      figures.catch(() => cache.clear());
    }
    return { figures: await figures, ...fixed };
  };
}
