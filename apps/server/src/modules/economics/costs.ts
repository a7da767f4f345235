import type { RobuxCostBody, RobuxCostsResponse } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { siteDay } from '../../shared/clock.ts';
import { badRequest } from '../../shared/errors.ts';
import { insertAudit } from '../audit/index.ts';
import * as repo from './repository.ts';

/** Millionths of USD per Robux, from the setting. */
export const microUsdOf = (usd: number) => Math.round(usd * 1e6);

/**
 * What one Robux cost on each site day: the console's dated costs, each from its day until the next
 * one's, and ROBUX_COST_USD before the first. A cost set from a day on leaves earlier days as they were.
 */
export async function costSchedule(deps: Deps): Promise<(day: string) => number> {
  const rows = await repo.listCosts(deps.db);
  const fallback = microUsdOf(deps.env.ROBUX_COST_USD);
  return (day) => {
    for (const r of rows) if (r.effective_from <= day) return Number(r.micro_usd);
    return fallback;
  };
}

export async function listRobuxCosts(deps: Deps): Promise<RobuxCostsResponse> {
  const rows = await repo.listCosts(deps.db);
  return {
    defaultUsd: deps.env.ROBUX_COST_USD,
    costs: rows.map((r) => ({
      effectiveFrom: r.effective_from,
      usd: Number(r.micro_usd) / 1e6,
      setBy: r.set_by,
      setAt: r.set_at,
    })),
  };
}

/** Sets the cost from a site day on (today or later only: past periods keep the cost they had). */
export async function setRobuxCost(
  deps: Deps,
  body: RobuxCostBody,
  actor = 'admin',
): Promise<RobuxCostsResponse> {
  const now = deps.clock.now();
  const today = siteDay(now, deps.env.SITE_TIME_ZONE);
  if (body.effectiveFrom < today) {
    throw badRequest(
      `A cost applies from today (${today}) or a later day: past periods keep the cost they had.`,
    );
  }
  const microUsd = microUsdOf(body.usd);
  if (microUsd < 1) throw badRequest('The cost must be at least 0.000001 USD per Robux.');
  await deps.db.transaction().execute(async (trx) => {
    const before = (await repo.listCosts(trx)).find((r) => r.effective_from === body.effectiveFrom);
    await repo.upsertCost(trx, {
      effective_from: body.effectiveFrom,
      micro_usd: microUsd,
      set_by: actor,
      set_at: now.toISOString(),
    });
    await insertAudit(
      trx,
      {
        actor,
        action: 'economics.robux_cost',
        target: `robux_cost:${body.effectiveFrom}`,
        before: before ? { usd: Number(before.micro_usd) / 1e6 } : undefined,
        after: { usd: microUsd / 1e6 },
      },
      now.toISOString(),
    );
  });
  return listRobuxCosts(deps);
}
