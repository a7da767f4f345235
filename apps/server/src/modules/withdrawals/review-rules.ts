import type { ReviewReason } from '@rewards/contracts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { isLinkedToBannedAccount, sessionUsedByBanned, type SignalHashes } from '../signals/index.ts';
import * as history from './player-history-repository.ts';

/**
 * The review rules: a withdrawal any of them applies to waits in the admin console's review queue
 * (`in_review`) instead of going to payment, and the admin sees every reason that applied. Each rule is
 * one entry of `REVIEW_RULES`; adding a reason is adding an entry (its `code` is stable and shown to
 * admins, never to the player).
 *
 * Rules run when the withdrawal is requested; one that needs Roblox and cannot reach it fails the
 * request (503, nothing changes) rather than letting the withdrawal through unreviewed. A rule that
 * reads the player's own withdrawals runs inside the request's transaction, under the player's lock
 * (`underPlayerLock`): requests sent together then see each other, and splitting R$ 2,000 into five
 * requests sent at once cannot pass a 24-hour threshold that one after the other would not.
 */

export interface ReviewContext {
  deps: Deps;
  /** Where the rule reads: the request's transaction for a rule `underPlayerLock`. */
  db: Db;
  userId: number;
  robloxId: number;
  /** What the player asked for, in whole R$. */
  robux: number;
  now: Date;
  /** The device and address the asking session was opened from, when it kept them (a typed name). */
  sessionSignals: SignalHashes | null;
}

export interface ReviewRule {
  code: string;
  /** Reads the player's own withdrawals: checked in the request's transaction, under the player's lock. */
  underPlayerLock?: true;
  /** The reason in words when the rule applies, else null. */
  check(c: ReviewContext): Promise<string | null> | string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** No withdrawal of the account was paid yet (a rejected or refunded one does not count). */
const firstWithdrawal: ReviewRule = {
  code: 'first_withdrawal',
  underPlayerLock: true,
  async check({ deps, db, userId }) {
    if (!deps.env.REVIEW_FIRST_WITHDRAWAL) return null;
    return (await history.countPaidForUser(db, userId)) === 0
      ? 'First withdrawal of this account (none paid yet).'
      : null;
  },
};

/**
 * More than REVIEW_ABOVE in 24 hours, this one included: splitting a large withdrawal into several
 * just under the threshold does not skip review.
 */
const aboveLimit: ReviewRule = {
  code: 'above_limit',
  underPlayerLock: true,
  async check({ deps, db, userId, robux, now }) {
    const limit = deps.env.REVIEW_ABOVE;
    if (robux > limit) return `R$ ${robux} is more than R$ ${limit}, the review threshold (REVIEW_ABOVE).`;
    const earlier = await history.sumRequestedSince(
      db,
      userId,
      new Date(now.getTime() - DAY_MS).toISOString(),
    );
    return earlier + robux > limit
      ? `R$ ${earlier + robux} in 24 hours with this one is more than R$ ${limit}, the review threshold (REVIEW_ABOVE).`
      : null;
  },
};

/** The Roblox account's age, from Roblox's own `created` date (read fresh, never from the player). */
const youngAccount: ReviewRule = {
  code: 'young_account',
  async check({ deps, robloxId, now }) {
    const minDays = deps.env.MIN_ACCOUNT_AGE_DAYS;
    if (minDays <= 0) return null;
    const profile = await deps.roblox.getProfile(robloxId);
    if (!profile?.created) return 'Roblox did not say when this Roblox account was created.';
    const created = new Date(profile.created);
    const ageMs = now.getTime() - created.getTime();
    if (ageMs >= minDays * DAY_MS) return null;
    const days = Math.max(0, Math.floor(ageMs / DAY_MS));
    return `The Roblox account was created ${days === 1 ? '1 day' : `${days} days`} ago (${created.toISOString().slice(0, 10)}); the minimum is ${minDays} days (MIN_ACCOUNT_AGE_DAYS).`;
  },
};

/**
 * The account shares a device or sign-in address with a banned one (modules/signals), or the session
 * asking was opened by its typed name from a banned account's browser or address (recorded on no
 * account: anyone may type a name, but only the asker's own session is judged by it).
 */
const linkedToBanned: ReviewRule = {
  code: 'linked_to_banned',
  async check({ db, userId, sessionSignals }) {
    if (await isLinkedToBannedAccount(db, userId))
      return 'This account shares a device or sign-in address with a banned account (see its linked accounts).';
    return (await sessionUsedByBanned(db, userId, sessionSignals))
      ? 'Asked for from a session signed in by typed name from the browser or address of a banned account.'
      : null;
  },
};

/** Every rule, in the order their reasons are listed. */
export const REVIEW_RULES: readonly ReviewRule[] = [
  firstWithdrawal,
  aboveLimit,
  youngAccount,
  linkedToBanned,
];

/** The reasons this withdrawal must be reviewed; empty: it goes to payment. */
export async function reviewReasons(
  c: ReviewContext,
  rules: readonly ReviewRule[] = REVIEW_RULES,
): Promise<ReviewReason[]> {
  const texts = await Promise.all(rules.map((rule) => rule.check(c)));
  return rules.flatMap((rule, i) => {
    const text = texts[i];
    return text ? [{ code: rule.code, text }] : [];
  });
}

/** The rules checked before the request's transaction (Roblox's answers among them). */
export const reasonsBeforeLock = (c: ReviewContext) =>
  reviewReasons(
    c,
    REVIEW_RULES.filter((r) => !r.underPlayerLock),
  );

/**
 * The rules `underPlayerLock`, read through `trx` (which holds the player's lock), with `before`'s
 * reasons: all of them in the rules' order.
 */
export async function reasonsUnderLock(
  c: ReviewContext,
  before: readonly ReviewReason[],
): Promise<ReviewReason[]> {
  const under = await reviewReasons(
    c,
    REVIEW_RULES.filter((r) => r.underPlayerLock),
  );
  const order = (r: ReviewReason) => REVIEW_RULES.findIndex((rule) => rule.code === r.code);
  return [...before, ...under].sort((a, b) => order(a) - order(b));
}

/** Reads the stored reasons (a JSON column); anything unreadable reads as none. */
export function parseReasons(json: string | null): ReviewReason[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (r): r is ReviewReason =>
        typeof r === 'object' && r !== null && typeof r.code === 'string' && typeof r.text === 'string',
    );
  } catch {
    return [];
  }
}
