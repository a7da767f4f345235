import type { Kysely } from 'kysely';
import { describeEntry, entryParams, type EntryParams, type EntrySubject } from '@rewards/contracts';
import { earningKinds, type DB, type LedgerKind } from '../../db/schema.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import * as repo from './repository.ts';
import * as postings from './posting-repository.ts';
import type { Database } from '../../db/database.ts';

/** The earning kinds (db/schema.ts) as a set, for the postings that check them. */
export const EARNING_KINDS: ReadonlySet<LedgerKind> = new Set(earningKinds);

/**
 * One balance change: whose, how much, and what it is about (`kind` and its `params`, from the
 * contracts' closed list; the English description is made from them here, once).
 */
export type Posting = EntrySubject & {
  userId: number;
  /** Signed, in hundredths of R$. */
  amount: number;
  /** Unique per real-world event: a repeat of the same key changes nothing. */
  key: string;
  /** Debits normally need the balance to cover them; a provider's reversal does not. */
  allowNegative?: boolean;
  /** Defaults to the amount for earning kinds, 0 otherwise. */
  earningsDelta?: number;
  /** Added to the account's offers-completed count with the credit (a provider's offer or survey). */
  offersCompleted?: number;
  meta?: Record<string, unknown>;
};

export interface PostingResult {
  applied: boolean;
  entryId: number;
  balance: number;
  /** When applied: the account as the posting left it (lifetime earnings, referrer). */
  account?: postings.AccountAfter;
}

export const insufficientFunds = (message = 'Insufficient balance.') =>
  new AppError(409, 'INSUFFICIENT_FUNDS', message);

/**
 * Records one balance change. Must run inside the caller's transaction: the entry and the
 * cached balance change together or not at all. A repeated key is a no-op (`applied: false`).
 */
export async function post(trx: Kysely<DB>, clock: Clock, p: Posting): Promise<PostingResult> {
  return resultOf(trx, p, await postings.writePosting(trx, entryOf(clock, p)));
}

/**
 * `post` with a write of the caller's own that notes the entry (`record`, postings.recordedPosting),
 * made only when the posting applied, in the same round trip where the engine allows it.
 */
export function postRecorded<A extends unknown[]>(record: postings.Record<A>) {
  const write = postings.recordedPosting(record);
  return async (trx: Kysely<DB>, clock: Clock, p: Posting, ...args: A): Promise<PostingResult> =>
    resultOf(trx, p, await write(trx, entryOf(clock, p), ...args));
}

async function resultOf(trx: Kysely<DB>, p: Posting, written: postings.Written): Promise<PostingResult> {
  if (written === null) {
    const existing = await repo.findEntryByKey(trx, p.key);
    const balance = await currentBalance(trx, p.userId);
    return { applied: false, entryId: existing?.id ?? 0, balance };
  }
  if (written.account === null)
    throw p.amount > 0 || p.allowNegative ? notFound('User not found.') : insufficientFunds();
  return {
    applied: true,
    entryId: written.entryId,
    balance: written.account.balance,
    account: written.account,
  };
}

/** The entry a posting writes, its English description made from its kind and params here, once. */
function entryOf(clock: Clock, p: Posting): postings.NewEntry {
  if (!Number.isSafeInteger(p.amount) || p.amount === 0) {
    throw new Error(`Ledger amounts are non-zero integer hundredths, got ${p.amount}`);
  }
  return {
    userId: p.userId,
    amount: p.amount,
    kind: p.kind,
    key: p.key,
    description: describeEntry(p.kind, p.params),
    params: JSON.stringify(p.params),
    createdAt: clock.now().toISOString(),
    meta: p.meta ? JSON.stringify(p.meta) : null,
    earningsDelta: p.earningsDelta ?? (EARNING_KINDS.has(p.kind) ? p.amount : 0),
    offersDelta: p.offersCompleted ?? 0,
    covered: p.amount < 0 && !p.allowNegative,
  };
}

/**
 * A credit that goes with a write of the caller's own (`guard`, postings.guardedCredit) and the
 * records that note it: all are written, or none when the guard changes no row (null). It needs no
 * transaction of the caller's: one statement on PostgreSQL, a transaction of its own on SQLite.
 */
export function creditWhen<A extends unknown[], R extends unknown[][] = []>(
  guard: postings.Guard<A>,
  ...records: { [K in keyof R]: postings.Record<R[K]> }
) {
  const write = postings.guardedCredit<A, R>(guard, ...records);
  return async (
    db: Database,
    clock: Clock,
    p: Posting,
    guardArgs: A,
    ...recordArgs: R
  ): Promise<(PostingResult & { account: postings.AccountAfter; recordId: number | null }) | null> => {
    const written = await write(db, entryOf(clock, p), guardArgs, ...recordArgs);
    if (!written) return null;
    return {
      applied: true,
      entryId: written.entryId,
      balance: written.account.balance,
      account: written.account,
      recordId: written.recordId,
    };
  };
}

async function currentBalance(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** Posts in a transaction of its own. */
export function postAlone(db: Kysely<DB>, clock: Clock, p: Posting): Promise<PostingResult> {
  return db.transaction().execute((trx) => post(trx, clock, p));
}

/**
 * The ledger's invariant: for every user, the sum of entries equals the cached balance; and the sum
 * of the balances below zero that the postings keep (`negativeBalances.kept`) is the real one.
 */
export async function checkInvariant(db: Kysely<DB>) {
  const [mismatches, kept, read] = await Promise.all([
    repo.findBalanceMismatches(db),
    repo.negativeBalancesKept(db),
    repo.negativeBalancesRead(db),
  ]);
  return { ok: mismatches.length === 0 && kept === read, mismatches, negativeBalances: { kept, read } };
}

/** An entry's stored `params` as the contracts type them; null for an old entry of no known shape. */
export function entryParamsOf(stored: string | null): EntryParams | null {
  if (stored === null) return null;
  const parsed = entryParams.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : null;
}
