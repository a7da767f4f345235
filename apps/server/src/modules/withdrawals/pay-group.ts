import { groupLink } from '@rewards/contracts';
import { PayoutAccountBlocked } from '../../roblox/gateway.ts';
import * as repo from './repository.ts';
import type { EarlierPayment, Payout, PayoutResult } from './payout.ts';

/**
 * How far before a withdrawal's creation its payout may appear in the group's transactions: Roblox's
 * clock and ours may differ a little. A player has one live group payout at a time (index), so any
 * payout to them of this amount after their previous one was paid is this one's.
 */
const CLOCK_SLACK_MS = 10 * 60_000;

const NOT_ATTEMPTED = new Set(['RateLimited', 'TooRecent']);

/**
 * Did an earlier attempt pay this withdrawal? Read from the group's payout transactions: a payout to
 * the player of exactly this amount since the withdrawal was made, not already matched to another
 * withdrawal. Throws ("unclear") when the answer cannot be told apart: too many transactions to read,
 * or another of the player's payouts of the same amount in the window was never matched.
 */
export async function groupPaidBefore(p: Payout): Promise<EarlierPayment> {
  const { deps, w } = p;
  const groupId = deps.env.ROBLOX_PAYOUT_GROUP_ID!;
  const since = new Date(Date.parse(w.created_at) - CLOCK_SLACK_MS).toISOString();
  const { records, complete } = await deps.roblox.groupPayoutsSince(groupId, since, p.cookie);
  const candidates = records.filter((r) => r.recipientId === Number(w.seller_id) && r.amount === w.robux);
  const taken = await repo.recordedPayoutRefs(
    deps.db,
    candidates.map((c) => c.id),
  );
  const free = candidates.filter((c) => !taken.has(c.id));
  if (free.length > 0) {
    if ((await repo.unmatchedGroupPayouts(deps.db, w, since)) > 0) {
      throw new Error(
        'another payout of the same amount to this player was never matched to its transaction',
      );
    }
    // Oldest first: the earliest unmatched payout is the one made for this withdrawal.
    const found = free[free.length - 1]!;
    return { paid: true, detail: `the group's transactions show payout ${found.id}`, ref: found.id };
  }
  if (!complete) throw new Error("too many group payouts to read back to this withdrawal's creation");
  return { paid: false };
}

/** After a clear success the transaction is looked up, so it can never settle another withdrawal. */
async function refAfterSuccess(p: Payout): Promise<string | undefined> {
  try {
    const earlier = await groupPaidBefore(p);
    return earlier.paid ? earlier.ref : undefined;
  } catch {
    return undefined;
  }
}

const checkHint = (p: Payout) =>
  `Check the group's payouts (${groupLink(p.deps.env.ROBLOX_PAYOUT_GROUP_ID ?? 0)} → Configure → Revenue → Payouts) for Roblox user ${p.w.seller_id}.`;

/** Pays the exact amount from the group's funds to the player, at most once. */
export async function payGroup(p: Payout): Promise<PayoutResult> {
  const { deps, w } = p;
  const groupId = deps.env.ROBLOX_PAYOUT_GROUP_ID;
  if (!groupId) {
    return p.retryLater('Group payouts are not configured (ROBLOX_PAYOUT_GROUP_ID is not set).');
  }
  const recipient = Number(w.seller_id);
  try {
    // An earlier attempt may have paid (a crash, an unclear answer): the transactions decide first.
    if (w.purchase_attempts > 0) {
      const earlier = await groupPaidBefore(p);
      if (earlier.paid) return p.paid(earlier.detail, earlier.ref);
    }
    const eligibility = await deps.roblox.groupPayoutEligibility(groupId, recipient, p.cookie);
    if (eligibility === 'NotInGroup') {
      return p.refund('You are no longer a member of our Roblox group, so a group payout cannot reach you.');
    }
    if (eligibility === 'PayoutRestricted') {
      return p.refund('Roblox does not allow group payouts to you right now (payout restricted).');
    }
    if (eligibility !== 'Eligible') return p.retryLater(`Roblox answered eligibility "${eligibility}".`);
  } catch (err) {
    if (err instanceof PayoutAccountBlocked) return p.stopped(err.block.detail);
    if (w.purchase_attempts >= p.maxPurchaseAttempts) {
      return p.needsReview(
        `Could not tell whether an earlier attempt paid: ${String((err as Error).message)}`,
        checkHint(p),
      );
    }
    return p.unanswered('Roblox did not answer before the group payout', err);
  }

  if (w.purchase_attempts >= p.maxPurchaseAttempts) {
    return p.needsReview(
      `${w.purchase_attempts} payout attempts without a clear answer, and the group's transactions show none.`,
      checkHint(p),
    );
  }
  const short = await p.waitIfShort(w.robux);
  if (short) return short;

  const stop = await p.noteAttempt('just before paying');
  if (stop) return stop;
  const attempt = w.purchase_attempts + 1;
  const outcome = await deps.roblox.payFromGroup({ groupId, userId: recipient, amount: w.robux }, p.cookie);
  p.log.info({ withdrawalId: w.id, attempt, outcome }, 'payout: group payout answered');

  switch (outcome.kind) {
    case 'purchased':
      return p.paid('paid from the group', await refAfterSuccess(p));
    case 'blocked':
      return p.stopped(outcome.detail);
    case 'refused': {
      const why = `Roblox refused the group payout (${outcome.reason})${outcome.detail ? `: ${outcome.detail}` : ''}`;
      if (outcome.reason === 'InsufficientFunds') {
        return p.waitForFunds(`${why}. Add Robux to the group's funds; payouts resume by themselves.`, {
          uncountPurchase: true,
        });
      }
      if (NOT_ATTEMPTED.has(outcome.reason)) return p.retryLater(why, { uncountPurchase: true });
      return p.refund(`${why}.`);
    }
    case 'ambiguous': {
      const why = `Payout attempt ${attempt} had no clear answer (${outcome.detail}).`;
      try {
        const earlier = await groupPaidBefore(p);
        if (earlier.paid) return p.paid(`the answer was unclear, but ${earlier.detail}`, earlier.ref);
      } catch {
        // Still unclear; the next run reads the transactions again before paying.
      }
      if (attempt >= p.maxPurchaseAttempts) return p.needsReview(why, checkHint(p));
      return p.retryLater(why);
    }
  }
}
