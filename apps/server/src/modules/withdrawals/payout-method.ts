import type { Selectable } from 'kysely';
import type { WithdrawalsTable } from '../../db/tables/withdrawals.ts';
import { describeFailure } from '../../roblox/http.ts';

// What a payout method (pay-gamepass.ts, pay-group.ts) tells the state machine (payout-machine.ts).
// A method only asks Roblox and reports the answer as one of these values; what an answer means for
// the withdrawal (paid, refunded, waiting, stopped, for review) is decided by the machine alone.

export type Withdrawal = Selectable<WithdrawalsTable>;

/** Did an earlier attempt pay this withdrawal? `ref`: the Roblox transaction it was found as. */
export type Earlier =
  | { kind: 'already-paid'; detail: string; ref?: string }
  | { kind: 'not-paid' }
  /** Roblox did not answer: asking again later may tell. */
  | { kind: 'unclear'; detail: string }
  /** Roblox answered, but its answer cannot tell this payout apart, and asking again will not: a person decides. */
  | { kind: 'cannot-tell'; detail: string };

/** Everything Roblox is asked before paying. Nothing has been spent in any of these. */
export type Check =
  | { kind: 'already-paid'; detail: string; ref?: string }
  /** It cannot be paid this way (the gamepass changed, the player left the group): `reason` says why. */
  | { kind: 'refused'; reason: string }
  /** Roblox stopped the payout account itself (a challenge, a refused cookie). */
  | { kind: 'account-stopped'; reason: string }
  /** Roblox did not answer, or not yet usefully: ask again later. */
  | { kind: 'try-later'; reason: string }
  /** Whether an earlier attempt paid is still open: ask again later, or a person decides. */
  | { kind: 'unclear'; reason: string }
  /** Whether an earlier attempt paid cannot be told from Roblox's answers, now or later: a person decides. */
  | { kind: 'cannot-tell'; reason: string }
  /** Everything holds: `pay` sends the one request that pays. */
  | { kind: 'ready'; pay: () => Promise<Sent> };

/** How the request that pays ended. */
export type Sent =
  | { kind: 'paid'; detail: string; ref?: string }
  | { kind: 'account-stopped'; reason: string }
  /** Roblox says the payout account (or the group) cannot cover it. */
  | { kind: 'insufficient-funds'; reason: string }
  /** Roblox turned the request away before spending anything (rate limits): try again later. */
  | { kind: 'not-sent'; reason: string }
  /** Roblox refused this payout for good: nothing was spent. */
  | { kind: 'refused'; reason: string }
  /** Timeout, 5xx, network: it may have gone through, and asking again did not tell. */
  | { kind: 'unclear'; detail: string };

export interface PayoutMethod {
  /** Did an earlier attempt pay it? Asked when the player turns out banned after an attempt. */
  earlier(): Promise<Earlier>;
  /** The checks before paying; `ready` carries the request that pays. */
  check(): Promise<Check>;
  /** What the payout side spends: the payout account's Robux, or the group's funds. */
  cost: number;
  /** The method's words in the machine's messages. */
  says: {
    /** One try: "purchase" or "payout". */
    attempt: string;
    /** Doing it: "buying" or "paying". */
    paying: string;
    /** Where the Robux go. */
    target: string;
    /** What Roblox shows when no attempt went through. */
    noneFound: string;
    /** Where a person looks on Roblox to settle one the system cannot decide. */
    whereToLook: string;
  };
}

/**
 * Roblox's answer holds candidates that cannot be told apart (or more than can be read): waiting will
 * not change that, so the withdrawal goes to a person.
 */
export class CannotTellApart extends Error {}

/** A failure of a request to Roblox, as said in a withdrawal's last error. */
export function noAnswer(err: unknown): string {
  return describeFailure(err instanceof Error && err.cause ? err.cause : err);
}
