import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { areLinked } from '../signals/index.ts';
import { bumpCounter, coveredByForfeit, lockUser } from './accounts.ts';
import * as repo from './referral-repository.ts';
import { findEntryByKey } from './repository.ts';
import type { AccountAfter, Guard } from './posting-repository.ts';
import { creditWhen, post, type Posting, type PostingResult } from './service.ts';

/** A friend's lifetime earnings (hundredths) from which their referrer is paid: R$1 (spec §9). */
export const REFERRAL_THRESHOLD = 100;

export const commissionKey = (creditEntryId: number) => `referral:${creditEntryId}`;
export const commissionReversalKey = (creditEntryId: number) => `referral_reversal:${creditEntryId}`;

/**
 * A referral is real once the friend's account has proved its owner (the bio check) and earned R$1,
 * and the two accounts share no device or sign-in address: only then does it count in the
 * referrer's `referralsMade` (once) and pay. Anyone can sign in as any name with anyone's `ref`,
 * so a referral the owner never confirmed pays nothing, ever; and an account's alt pays its owner
 * nothing, ever: once the two are seen linked, the referral stays refused (`referral_linked_at`),
 * and commission it was refused is never paid, even when the link is no longer there to see.
 *
 * Pays the referrer REFERRAL_COMMISSION_PERCENT of each of the player's offer and survey credits
 * that has no commission yet, once the referral is real: commission earned before waits. Runs inside
 * the transaction that credited the player (after their row lock), so the money moves together.
 * Other earning features reach it through `creditEarning`, so that crossing R$1 with, say, a social
 * pays the commissions at that moment rather than at the next offer, and the bio check through
 * `payReferralOnVerified`. `after` is the account as the credit left it, read by the credit's own
 * statement in this transaction.
 */
export async function payReferralCommissions(
  trx: Kysely<DB>,
  deps: Deps,
  userId: number,
  after: Pick<AccountAfter, 'earnings' | 'referredBy'>,
): Promise<void> {
  // `referred_by` is set at sign-up and never changes, so most calls end here without another
  // query: no referrer, or not yet R$1 earned.
  if (after.referredBy === null || after.earnings < REFERRAL_THRESHOLD) return;
  const facts = await repo.findReferralFacts(trx, userId);
  if (!facts || Number(facts.verified) !== 1) return; // waits for the bio check
  const referrerId = after.referredBy;
  if (facts.referral_linked_at !== null) return; // one person's accounts: never
  if (await linkedToReferrer(trx, deps, userId, referrerId)) return;
  // The referrer's row lock before anything that references the referrer: the qualified row's and the
  // commission's foreign keys take a key-share lock on it, which a later FOR UPDATE of another
  // friend's credit would wait on while this one waited on theirs (a deadlock on PostgreSQL).
  await lockUser(trx, referrerId);
  if (facts.qualified === null) {
    const now = deps.clock.now().toISOString();
    if (await repo.insertQualifiedReferral(trx, userId, referrerId, now)) {
      await repo.incrementReferralsMade(trx, referrerId);
    }
  }
  const percent = deps.env.REFERRAL_COMMISSION_PERCENT;
  if (percent <= 0) return;
  if (facts.referrer_status === 'banned') return; // banned accounts earn nothing; paid once unbanned
  if (facts.referrer_deleted_at !== null) return; // a deleted account gave up what it had: paid to nobody
  const credits = await repo.uncommissionedCredits(trx, userId);
  for (const c of credits) {
    const commission = Math.floor((Number(c.amount) * percent) / 100);
    if (commission <= 0 || c.credit_entry_id === null) continue;
    const result = await post(trx, deps.clock, {
      userId: referrerId,
      amount: commission,
      kind: 'referral',
      key: commissionKey(c.credit_entry_id),
      params: { friend: facts.username },
      meta: { friend: userId, creditEntryId: c.credit_entry_id },
    });
    if (result.applied) await bumpCounter(trx, referrerId, 'referrals_earned', commission);
  }
}

/**
 * Whether the friend shares a device or a sign-in address with its referrer: one person's accounts.
 * The first sighting is recorded, and the referral never pays from then on: the signals that show
 * the link may go later (retention, the referrer's deletion), and what was held back meanwhile must
 * not be paid then.
 */
async function linkedToReferrer(trx: Kysely<DB>, deps: Deps, friendId: number, referrerId: number) {
  if (!(await areLinked(trx, friendId, referrerId))) return false;
  await repo.markReferralLinked(trx, friendId, deps.clock.now().toISOString());
  return true;
}

/**
 * The account has just proved its owner: its referral may now count, and the commission it earned
 * for its referrer meanwhile is paid (when it has earned R$1 and shares no signal with the referrer).
 * Called by the bio check once it marked the account verified.
 */
export async function payReferralOnVerified(deps: Deps, userId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const row = await repo.findEarningsAndReferrer(trx, userId);
    if (!row || row.referred_by === null || row.referral_linked_at !== null) return;
    // Seen now, however little the account has earned: the link may be gone by its first R$1.
    if (await linkedToReferrer(trx, deps, userId, Number(row.referred_by))) return;
    await payReferralCommissions(trx, deps, userId, {
      earnings: Number(row.earnings),
      referredBy: Number(row.referred_by),
    });
  });
}

/** A reversal of a friend's credit takes back the commission paid on it (if any), once. */
export async function takeBackReferralCommission(
  trx: Kysely<DB>,
  deps: Deps,
  creditEntryId: number,
): Promise<void> {
  const commission = await findEntryByKey(trx, commissionKey(creditEntryId));
  if (!commission) return;
  const amount = Number(commission.amount);
  await lockUser(trx, commission.user_id);
  const result = await reverseEarning(trx, deps, {
    userId: commission.user_id,
    amount,
    reverses: commission.id,
    key: commissionReversalKey(creditEntryId),
    params: { reverses: 'referral' },
    meta: { creditEntryId },
  });
  if (!result || result.applied) await bumpCounter(trx, commission.user_id, 'referrals_earned', -amount);
}

/**
 * Takes an earning of `amount` (ledger entry `reverses`) back from the account (a provider's
 * reversal, a commission's): from what it gave up with a deletion first (`coveredByForfeit`), then a
 * `reversal` entry of the rest, allowed below zero, noting what the cover took; its earnings drop by
 * the whole amount either way. Called once per reversal (the caller's guard), under the account's
 * lock. Null: the cover took it all, and no entry was posted.
 */
export async function reverseEarning(
  trx: Kysely<DB>,
  deps: Deps,
  p: {
    userId: number;
    amount: number;
    reverses: number;
    key: string;
    params: Extract<Posting, { kind: 'reversal' }>['params'];
    meta: Record<string, unknown>;
  },
): Promise<PostingResult | null> {
  const covered = await coveredByForfeit(trx, p.userId, p.amount, p.reverses);
  if (covered >= p.amount) {
    await bumpCounter(trx, p.userId, 'earnings', -p.amount);
    return null;
  }
  return post(trx, deps.clock, {
    userId: p.userId,
    key: p.key,
    params: p.params,
    amount: -(p.amount - covered),
    kind: 'reversal',
    allowNegative: true,
    earningsDelta: -p.amount,
    meta: { ...p.meta, reverses: p.reverses, ...(covered > 0 ? { coveredByForfeit: covered } : {}) },
  });
}

/**
 * An earning credit of any feature (social, daily, promo, giveaway): posts it and, when it applied,
 * pays the referrer's waiting commissions if this credit took the player past R$1.
 */
export async function creditEarning(trx: Kysely<DB>, deps: Deps, posting: Posting): Promise<PostingResult> {
  const result = await post(trx, deps.clock, posting);
  if (result.account) await payReferralCommissions(trx, deps, posting.userId, result.account);
  return result;
}

/** An earning credit (`creditEarning`) in a transaction of its own. */
export async function creditEarningAlone(deps: Deps, posting: Posting): Promise<PostingResult> {
  return inTransaction(deps.db, (trx) => creditEarning(trx, deps, posting));
}

/**
 * An earning credit that goes with a write of the caller's own (`creditWhen`: both or neither, null
 * when the guard changes no row). The referrer's waiting commissions, when this credit took the player
 * past R$1, are paid just after, in a transaction of their own: had the process stopped in between,
 * the player's next credit pays them, as each commission is keyed by the credit it comes from.
 */
export function creditEarningWhen<A extends unknown[]>(guard: Guard<A>) {
  const credit = creditWhen(guard);
  return async (deps: Deps, posting: Posting, ...args: A): Promise<PostingResult | null> => {
    const result = await credit(deps.db, deps.clock, posting, args);
    const after = result?.account;
    if (after && after.referredBy !== null && after.earnings >= REFERRAL_THRESHOLD) {
      await payReferralOnVerified(deps, posting.userId);
    }
    return result;
  };
}
