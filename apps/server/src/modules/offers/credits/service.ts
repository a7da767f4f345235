import type { Kysely, Selectable } from 'kysely';
import { fromCents, toCents, type PostbackVerdict } from '@rewards/contracts';
import type { DB } from '../../../db/schema.ts';
import type { OfferTransactionsTable } from '../../../db/tables/offers.ts';
import type { Deps } from '../../../deps.ts';
import { wallCompletionRecord } from '../../economics/index.ts';
import {
  bumpCounter,
  creditWhen,
  findEntryByKey,
  lockUser,
  payReferralCommissions,
  postRecorded,
  reverseEarning,
  takeBackReferralCommission,
} from '../../ledger/index.ts';
import { payLevelRewardsAfterCredit } from '../../levels/index.ts';
import { postbackRecord, postbackValues, type NewPostbackBase } from '../postbacks/repository.ts';
import type { Wall } from '../wall.ts';
import * as repo from './repository.ts';

const HOUR_MS = 60 * 60 * 1000;

const postNotingEntry = postRecorded(repo.noteCreditEntry);
/** A credit with its guard row, which notes its entry, in one write (ledger `creditWhen`). */
const creditGuarded = creditWhen(repo.creditGuard);
/** `creditGuarded` with the postback that asked for it and its wall's completion. */
const creditGuardedRecorded = creditWhen(repo.creditGuard, postbackRecord, wallCompletionRecord);

export const creditKey = (slug: string, transId: string) => `postback:${slug}:${transId}`;
/** What a provider credit's ledger entry notes of where it came from. */
export const creditMeta = (slug: string, transId: string) => ({ wall: slug, transId });
export const reversalKey = (slug: string, transId: string) => `reversal:${slug}:${transId}`;

export interface CreditOutcome {
  verdict: PostbackVerdict;
  ledgerEntryId: number | null;
  /** The postback's record, when the credit wrote it (`creditTransaction`'s `postback`). */
  postbackId?: number;
}

type OfferTransaction = Selectable<OfferTransactionsTable>;

const kindOf = (wall: Wall): OfferTransaction['kind'] => (wall.kind === 'survey' ? 'survey' : 'offer');

/** What crediting needs of a provider transaction's row, and the name of its wall. */
type CreditFacts = Pick<OfferTransaction, 'id' | 'wall_slug' | 'trans_id' | 'user_id' | 'kind' | 'amount'> & {
  wall_name: string;
};

/** A provider transaction's credit: its amount, with the offers-completed count. */
const creditPosting = (t: Omit<CreditFacts, 'id'>) => {
  if (t.amount === null) throw new Error('a credit needs an amount');
  return {
    userId: t.user_id,
    amount: Number(t.amount),
    kind: t.kind,
    params: { wall: t.wall_name },
    key: creditKey(t.wall_slug, t.trans_id),
    offersCompleted: 1,
    meta: creditMeta(t.wall_slug, t.trans_id),
  };
};

/**
 * Posts a held provider transaction's credit to the ledger, in the caller's transaction, with the
 * referrer's commission. Runs once per transaction (the caller moved its guard row to `credited`);
 * the ledger key makes it idempotent besides.
 */
async function postCredit(trx: Kysely<DB>, deps: Deps, t: CreditFacts): Promise<number> {
  const now = deps.clock.now().toISOString();
  const result = await postNotingEntry(trx, deps.clock, creditPosting(t), t.id, now);
  if (!result.applied) await repo.setCreditEntry(trx, t.id, result.entryId, now);
  if (result.account) await payReferralCommissions(trx, deps, t.user_id, result.account);
  return result.entryId;
}

export interface CreditInput {
  wall: Wall;
  transId: string;
  userId: number;
  amount: number;
}

/**
 * What a provider's credit records: its kind and text, and whether it waits on hold. With
 * OFFER_HOLD_HOURS > 0 a credit of HOLD_EXEMPT_BELOW or more is held; small credits are available at
 * once, as holding them costs players more than it saves.
 */
function creditTerms(deps: Deps, input: CreditInput, now: Date) {
  const holdMs = input.amount < toCents(deps.env.HOLD_EXEMPT_BELOW) ? 0 : deps.env.OFFER_HOLD_HOURS * HOUR_MS;
  const kind = kindOf(input.wall);
  return {
    kind,
    description: `${input.wall.name} ${kind}`,
    state: holdMs > 0 ? ('held' as const) : ('credited' as const),
    releaseAt: holdMs > 0 ? new Date(now.getTime() + holdMs).toISOString() : null,
  };
}

/**
 * A provider's credit for (wall, transId), in the caller's transaction. Idempotent: a repeat
 * answers `duplicate`; a credit whose reversal came first is not paid (`already_reversed`). With
 * OFFER_HOLD_HOURS > 0 a credit of HOLD_EXEMPT_BELOW or more is `held` and paid by `releaseDueHolds`
 * once the hold has passed. `postback`, when given, is the record of the postback that asked for it:
 * a credit that pays writes it (and its wall's completion) with the money and answers its id.
 */
export async function creditTransaction(
  trx: Kysely<DB>,
  deps: Deps,
  input: CreditInput,
  postback?: NewPostbackBase,
): Promise<CreditOutcome> {
  const { wall, transId, userId, amount } = input;
  const now = deps.clock.now();
  const at = now.toISOString();
  const { kind, description, state, releaseAt } = creditTerms(deps, input, now);
  const guard = {
    wallSlug: wall.slug,
    transId,
    userId,
    kind,
    amount,
    description,
    state,
    releaseAt,
    now: at,
  };
  if (state === 'held') {
    if ((await repo.insertTransactionOnce(trx, guard)) !== null)
      return { verdict: 'on_hold', ledgerEntryId: null };
  } else {
    const facts = {
      wall_slug: wall.slug,
      trans_id: transId,
      user_id: userId,
      kind,
      amount,
      wall_name: wall.name,
    };
    const guardArgs = repo.guardArgs(guard);
    const paid = postback
      ? await creditGuardedRecorded(
          trx,
          deps.clock,
          creditPosting(facts),
          guardArgs,
          postbackValues({ ...postback, verdict: 'credited', ledgerEntryId: null, createdAt: at }),
          [wall.slug, at, postback.amount ?? 0, postback.usdMicros ?? 0],
        )
      : await creditGuarded(trx, deps.clock, creditPosting(facts), guardArgs);
    if (paid) {
      await payReferralCommissions(trx, deps, userId, paid.account);
      return { verdict: 'credited', ledgerEntryId: paid.entryId, postbackId: paid.recordId ?? undefined };
    }
  }
  // The guard row was there: a repeat, or a credit after its reversal.
  const existing = await repo.findTransaction(trx, wall.slug, transId);
  if (!existing) throw new Error(`no player ${userId}, or the offer transaction vanished`);
  if (existing.amount === null && (await repo.fillAmountOfReversed(trx, existing.id, amount, at))) {
    return { verdict: 'already_reversed', ledgerEntryId: null };
  }
  return { verdict: 'duplicate', ledgerEntryId: existing.credit_entry_id };
}

/**
 * A provider's reversal for (wall, transId), in the caller's transaction: takes back exactly what
 * the credit paid (and the referrer's commission on it), cancels it while held, or, arriving first,
 * is recorded so the credit is never paid. A repeat is a `duplicate`.
 */
export async function reverseTransaction(
  trx: Kysely<DB>,
  deps: Deps,
  input: { wall: Wall; transId: string; userId: number },
): Promise<CreditOutcome> {
  const { wall, transId } = input;
  const now = deps.clock.now().toISOString();
  const kind = kindOf(wall);
  // The account to lock is the one the credit went to (a row's user never changes).
  const known = await repo.findTransaction(trx, wall.slug, transId);
  const userId = known?.user_id ?? input.userId;
  // The player's lock comes with the guard row's insert.
  const inserted = await repo.insertTransactionOnce(trx, {
    wallSlug: wall.slug,
    transId,
    userId,
    kind,
    amount: null,
    description: `${wall.name} ${kind}`,
    state: 'reversed',
    releaseAt: null,
    now,
  });
  if (inserted !== null) return { verdict: 'reversed', ledgerEntryId: null };

  const t = await repo.findTransaction(trx, wall.slug, transId);
  if (!t) throw new Error(`no player ${userId}, or the offer transaction vanished`);
  if (!(await repo.markReversed(trx, t.id, now))) {
    return { verdict: 'duplicate', ledgerEntryId: t.reversal_entry_id };
  }
  const credit = await findEntryByKey(trx, creditKey(wall.slug, transId));
  if (!credit) return { verdict: 'reversed', ledgerEntryId: null }; // was held: the hold is cancelled
  // What the account gave up with a deletion since covers it first (decision 0043).
  const result = await reverseEarning(trx, deps, {
    userId: credit.user_id,
    amount: Number(credit.amount),
    reverses: credit.id,
    params: { reverses: kind, wall: wall.name },
    key: reversalKey(wall.slug, transId),
    meta: { wall: wall.slug, transId },
  });
  const entryId = result?.entryId ?? null;
  if (entryId !== null) await repo.setReversalEntry(trx, t.id, entryId, now);
  if (!result || result.applied) {
    await bumpCounter(trx, credit.user_id, 'offers_completed', -1);
    await takeBackReferralCommission(trx, deps, credit.id);
  }
  return { verdict: 'reversed', ledgerEntryId: entryId };
}

/**
 * Pays the held credits whose hold has passed (all players', or one player's), each followed, once
 * committed, by the level rewards it made due. Safe to run from several places and processes at
 * once: each hold is released by one conditional update. A banned player's holds wait (a banned
 * player earns nothing) and are paid once the ban is lifted. Returns how many were released.
 */
export async function releaseDueHolds(
  deps: Deps,
  opts: { userId?: number; limit?: number } = {},
): Promise<number> {
  const due = await repo.listDueHolds(
    deps.db,
    deps.clock.now().toISOString(),
    opts.limit ?? 200,
    opts.userId,
  );
  let released = 0;
  for (const hold of due) {
    const done = await deps.db.transaction().execute(async (trx) => {
      await lockUser(trx, hold.user_id);
      if (!(await repo.markCreditedIfHeld(trx, hold.id, deps.clock.now().toISOString()))) return false;
      const row = await repo.findHoldById(trx, hold.id);
      await postCredit(trx, deps, row!);
      return true;
    });
    if (!done) continue;
    released += 1;
    await payLevelRewardsAfterCredit(deps, hold.user_id);
  }
  return released;
}

/**
 * The player's offer and survey credits still on hold, in R$ (after releasing those that are due).
 * The profile's `pendingRobux` uses this.
 */
export async function pendingRobuxOf(deps: Deps, userId: number): Promise<number> {
  await releaseDueHolds(deps, { userId });
  return fromCents(await repo.sumHeld(deps.db, userId));
}
