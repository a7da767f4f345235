import type { EconomicsWarning } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { notifyDiscord, plain, type NotifyLog } from '../../shared/discord.ts';
import * as repo from './repository.ts';
import { reportWeek } from './metrics.ts';
import { economics } from './service.ts';

interface Found extends Omit<EconomicsWarning, 'since'> {
  key: string;
  message: string;
}

/** The warnings the last 7 days' figures (and what is owed now) call for. */
async function findWarnings(deps: Deps): Promise<Found[]> {
  const { env } = deps;
  const week = await economics(deps, { period: '7d' });
  reportWeek(week);
  const found: Found[] = [];
  if (week.revenue !== 0 || week.cost.total !== 0) {
    // No revenue against a cost is as bad as a margin gets.
    const margin = week.marginShare ?? -100;
    if (margin < env.ECONOMICS_MIN_MARGIN_PERCENT) {
      found.push({
        key: 'margin',
        kind: 'margin',
        value: margin,
        limit: env.ECONOMICS_MIN_MARGIN_PERCENT,
        message: `📉 The last 7 days' margin is ${margin}% of revenue (${week.currency} ${week.margin} on ${week.currency} ${week.revenue}), under the ${env.ECONOMICS_MIN_MARGIN_PERCENT}% set (ECONOMICS_MIN_MARGIN_PERCENT).`,
      });
    }
  }
  for (const w of week.walls) {
    const rate = w.reversalRate ?? 0;
    if (
      w.completions >= env.ECONOMICS_MIN_WALL_COMPLETIONS &&
      rate > env.ECONOMICS_MAX_WALL_REVERSAL_PERCENT
    ) {
      found.push({
        key: `reversals:${w.slug}`,
        kind: 'reversals',
        wall: w.slug,
        value: rate,
        limit: env.ECONOMICS_MAX_WALL_REVERSAL_PERCENT,
        message: `↩️ ${plain(w.name)} reversed ${rate}% of its completions in the last 7 days (${w.reversals} of ${w.completions}), over the ${env.ECONOMICS_MAX_WALL_REVERSAL_PERCENT}% set (ECONOMICS_MAX_WALL_REVERSAL_PERCENT).`,
      });
    }
  }
  if (week.owed.covered === false) {
    const funds = (week.owed.payoutRobux ?? 0) + (week.owed.groupFunds ?? 0);
    found.push({
      key: 'owed',
      kind: 'owed',
      value: week.owed.total,
      limit: funds,
      message: `💸 Players are owed R$${week.owed.total} (balances, holds and waiting withdrawals), more than the payout account and group hold (R$${funds}).`,
    });
  }
  return found;
}

/**
 * The warnings under way. A warning that begins opens an episode and is told to Discord once, by
 * whichever process saw it first; one that no longer holds ends its episode, so it is told again if
 * it comes back.
 */
export async function economicsWarnings(deps: Deps, log?: NotifyLog): Promise<EconomicsWarning[]> {
  const found = await findWarnings(deps);
  const open = new Map((await repo.listAlerts(deps.db)).map((a) => [a.key, a.since]));
  const now = deps.clock.now().toISOString();
  const out: EconomicsWarning[] = [];
  for (const { key, message, ...warning } of found) {
    let since = open.get(key);
    if (since === undefined) {
      since = now;
      if (await repo.openAlert(deps.db, key, now)) void notifyDiscord(deps.env, message, log);
    }
    out.push({ ...warning, since });
  }
  const keys = new Set(found.map((f) => f.key));
  await repo.closeAlerts(
    deps.db,
    [...open.keys()].filter((k) => !keys.has(k)),
  );
  return out;
}

/** How often the warnings are looked at between console visits. */
export const WARNINGS_EVERY_MS = 5 * 60 * 1000;
