import { fromCents, type ReferralsResponse } from '@rewards/contracts';
import type { Deps } from '../../../deps.ts';
import { notFound } from '../../../shared/errors.ts';
import { publicBase } from '../../../shared/public-url.ts';
import type { Player } from '../../auth/index.ts';
import * as repo from './repository.ts';

/** The caller's referral link and counters. `origin` is PUBLIC_URL, else the request's own origin. */
export async function getReferrals(
  deps: Deps,
  player: Player,
  requestOrigin: string,
): Promise<ReferralsResponse> {
  const row = await repo.findReferralCounters(deps.db, player.id);
  if (!row) throw notFound('Account not found.');
  const origin = publicBase(deps.env, requestOrigin);
  return {
    link: `${origin}/login?ref=${encodeURIComponent(row.username)}`,
    referralsMade: row.referrals_made,
    referralsEarned: fromCents(Number(row.referrals_earned)),
  };
}
