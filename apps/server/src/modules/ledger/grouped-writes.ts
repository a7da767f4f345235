import type { Deps } from '../../deps.ts';
import { groupCalls, groupPer } from '../../db/grouped-calls.ts';
import {
  checkAmount,
  claimDailyInOneCall,
  claimedOf,
  creditPostbackInOneCall,
  referralTerms,
  type DailyClaim,
  type PostbackCredit,
} from './one-call.ts';
import { claimDailiesCall, creditPostbacksCall } from './one-call-repository.ts';

type Credited = Awaited<ReturnType<typeof creditPostbackInOneCall>>;

/** The postbacks of one moment in one call of `rewards_credit_postbacks` (migration 0019). */
async function creditMany(deps: Deps, credits: readonly PostbackCredit[]): Promise<Map<number, Credited>> {
  const items = credits.map((c, i) => ({
    i,
    user_id: c.userId,
    wall: c.wallSlug,
    trans_id: c.transId,
    kind: c.kind,
    amount: c.amount,
    description: c.description,
    state: c.state,
    release_at: c.releaseAt,
    now: c.now,
    key: c.key,
    meta: JSON.stringify(c.meta),
    action: c.record.action,
    params: c.record.params,
    signature: c.record.signature,
    raw_url: c.record.rawUrl,
    ip: c.record.ip,
    reason: c.record.reason,
  }));
  const { rows } = await creditPostbacksCall(deps.db, JSON.stringify(items), ...referralTerms(deps));
  return new Map(
    rows.map((row) => [
      row.item,
      {
        verdict: row.verdict,
        ledgerEntryId: row.ledger_entry,
        postbackId: row.postback_id,
      },
    ]),
  );
}

const postbackGroup = groupPer((deps: Deps) =>
  groupCalls<PostbackCredit, Credited>(
    (credits) => creditMany(deps, credits),
    (credit) => creditPostbackInOneCall(deps, credit),
  ),
);

/**
 * A provider's credit with the record of its postback (PostgreSQL only), in one call shared with the
 * other postbacks of the same moment (db/grouped-calls.ts).
 */
export function creditPostbackGrouped(deps: Deps, credit: PostbackCredit): Promise<Credited> {
  // Refused here, for its caller alone, rather than failing the group's call.
  checkAmount(credit.amount);
  return postbackGroup(deps, credit);
}

type Claimed = Awaited<ReturnType<typeof claimDailyInOneCall>>;

/** The daily claims of one moment in one call of `rewards_claim_dailies` (migration 0020). */
async function claimMany(deps: Deps, claims: readonly DailyClaim[]): Promise<Map<number, Claimed>> {
  const items = claims.map((c, i) => ({
    i,
    user_id: c.userId,
    today: c.today,
    yesterday: c.yesterday,
    at: c.at,
    days: c.days,
    day_reward: c.dayReward,
    surprise_reward: c.surpriseReward,
    description: c.description,
    surprise_description: c.surpriseDescription,
  }));
  const { rows } = await claimDailiesCall(deps.db, JSON.stringify(items), ...referralTerms(deps));
  return new Map(rows.map((row) => [row.item, claimedOf(row)]));
}

const dailyGroup = groupPer((deps: Deps) =>
  groupCalls<DailyClaim, Claimed>(
    (claims) => claimMany(deps, claims),
    (claim) => claimDailyInOneCall(deps, claim),
  ),
);

/** A daily claim (PostgreSQL only), in one call shared with the other claims of the same moment. */
export function claimDailyGrouped(deps: Deps, claim: DailyClaim): Promise<Claimed> {
  return dailyGroup(deps, claim);
}
