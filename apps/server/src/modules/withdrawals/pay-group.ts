import { groupLink } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { PayoutAccountBlocked } from '../../roblox/gateway.ts';
import * as repo from './repository.ts';
import * as payout from './payout-method.ts';

// A group payout: the exact amount from the group's funds to the player (decision 0013). Only asks
// Roblox and reports what it answered; payout-machine.ts decides what that means for the withdrawal.
// Our own table is read too, for which of the group's transactions already settle a withdrawal:
// Roblox's list alone cannot say which payout is this one's.

/**
 * How far before a withdrawal's creation its payout may appear in the group's transactions: Roblox's
 * clock and ours may differ a little. A player has one live group payout at a time (index), so any
 * payout to them of this amount after their previous one was paid is this one's.
 */
const CLOCK_SLACK_MS = 10 * 60_000;

const NOT_ATTEMPTED = new Set(['RateLimited', 'TooRecent']);

export function groupMethod(
  deps: Deps,
  w: payout.Withdrawal,
  cookie: string | undefined,
): payout.PayoutMethod {
  const { roblox } = deps;
  const groupId = deps.env.ROBLOX_PAYOUT_GROUP_ID;
  const recipient = Number(w.seller_id);

  /**
   * The payout in the group's transactions: one to the player of exactly this amount since the
   * withdrawal was made, not already matched to another withdrawal; null when there is none. Throws
   * when the answer cannot be told apart: too many transactions to read, or another of the player's
   * payouts of the same amount in the window was never matched.
   */
  async function findPayout(groupId: number): Promise<{ id: string } | null> {
    const since = new Date(Date.parse(w.created_at) - CLOCK_SLACK_MS).toISOString();
    const { records, complete } = await roblox.groupPayoutsSince(groupId, since, cookie);
    const candidates = records.filter((r) => r.recipientId === recipient && r.amount === w.robux);
    const taken = await repo.recordedPayoutRefs(
      deps.db,
      candidates.map((c) => c.id),
    );
    const free = candidates.filter((c) => !taken.has(c.id));
    if (free.length > 0) {
      if ((await repo.unmatchedGroupPayouts(deps.db, w, since)) > 0) {
        throw new payout.CannotTellApart(
          'another payout of the same amount to this player was never matched to its transaction',
        );
      }
      // Oldest first: the earliest unmatched payout is the one made for this withdrawal.
      return free[free.length - 1]!;
    }
    if (!complete) {
      throw new payout.CannotTellApart("too many group payouts to read back to this withdrawal's creation");
    }
    return null;
  }

  const found = (txn: { id: string }, before = ''): payout.Earlier & { kind: 'already-paid' } => ({
    kind: 'already-paid',
    detail: `${before}the group's transactions show payout ${txn.id}`,
    ref: txn.id,
  });

  async function earlier(): Promise<payout.Earlier> {
    if (!groupId) return { kind: 'unclear', detail: 'ROBLOX_PAYOUT_GROUP_ID is not set' };
    try {
      const txn = await findPayout(groupId);
      return txn ? found(txn) : { kind: 'not-paid' };
    } catch (err) {
      if (err instanceof payout.CannotTellApart) return { kind: 'cannot-tell', detail: err.message };
      return { kind: 'unclear', detail: payout.noAnswer(err) };
    }
  }

  async function check(): Promise<payout.Check> {
    if (!groupId) {
      return {
        kind: 'try-later',
        reason: 'Group payouts are not configured (ROBLOX_PAYOUT_GROUP_ID is not set).',
      };
    }
    try {
      // An earlier attempt may have paid (a crash, an unclear answer): the transactions decide first.
      if (w.purchase_attempts > 0) {
        const txn = await findPayout(groupId);
        if (txn) return found(txn);
      }
      const eligibility = await roblox.groupPayoutEligibility(groupId, recipient, cookie);
      if (eligibility === 'NotInGroup') {
        return {
          kind: 'refused',
          reason: 'You are no longer a member of our Roblox group, so a group payout cannot reach you.',
        };
      }
      if (eligibility === 'PayoutRestricted') {
        return {
          kind: 'refused',
          reason: 'Roblox does not allow group payouts to you right now (payout restricted).',
        };
      }
      if (eligibility !== 'Eligible') {
        return { kind: 'try-later', reason: `Roblox answered eligibility "${eligibility}".` };
      }
    } catch (err) {
      if (err instanceof PayoutAccountBlocked) return { kind: 'account-stopped', reason: err.block.detail };
      if (err instanceof payout.CannotTellApart) {
        return {
          kind: 'cannot-tell',
          reason: `Could not tell whether an earlier attempt paid: ${err.message}.`,
        };
      }
      // After an attempt, whether it paid stays open until these reads answer.
      return w.purchase_attempts > 0
        ? {
            kind: 'unclear',
            reason: `Could not tell whether an earlier attempt paid: ${payout.noAnswer(err)}`,
          }
        : {
            kind: 'try-later',
            reason: `Roblox did not answer before the group payout: ${payout.noAnswer(err)}`,
          };
    }
    return { kind: 'ready', pay: () => pay(groupId) };
  }

  async function pay(groupId: number): Promise<payout.Sent> {
    const outcome = await roblox.payFromGroup({ groupId, userId: recipient, amount: w.robux }, cookie);
    switch (outcome.kind) {
      case 'purchased': {
        // The transaction is looked up, so it can never settle another withdrawal.
        const txn = await findPayout(groupId).catch(() => null);
        return { kind: 'paid', detail: 'paid from the group', ...(txn ? { ref: txn.id } : {}) };
      }
      case 'blocked':
        return { kind: 'account-stopped', reason: outcome.detail };
      case 'refused': {
        const why = `Roblox refused the group payout (${outcome.reason})${outcome.detail ? `: ${outcome.detail}` : ''}`;
        if (outcome.reason === 'InsufficientFunds') {
          return {
            kind: 'insufficient-funds',
            reason: `${why}. Add Robux to the group's funds; payouts resume by themselves.`,
          };
        }
        if (NOT_ATTEMPTED.has(outcome.reason)) return { kind: 'not-sent', reason: why };
        return { kind: 'refused', reason: `${why}.` };
      }
      case 'ambiguous': {
        // It may have gone through: the transactions are read before anything else.
        const txn = await findPayout(groupId).catch(() => null);
        if (txn) return { ...found(txn, 'the answer was unclear, but '), kind: 'paid' };
        return { kind: 'unclear', detail: outcome.detail };
      }
    }
  }

  const link = groupLink(groupId ?? 0);
  return {
    earlier,
    check,
    cost: w.robux,
    says: {
      attempt: 'payout',
      paying: 'paying',
      target: `group payout from ${link} to Roblox user ${w.seller_id}`,
      noneFound: "the group's transactions show none",
      whereToLook: `Check the group's payouts (${link} → Configure → Revenue → Payouts) for Roblox user ${w.seller_id}.`,
    },
  };
}
