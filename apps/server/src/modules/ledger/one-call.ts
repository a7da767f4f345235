import type { QueryResult } from 'kysely';
import { isPostgres } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../shared/errors.ts';
import { creditEarning, REFERRAL_THRESHOLD } from './earnings.ts';
import * as calls from './one-call-repository.ts';
import { EARNING_KINDS, insufficientFunds, type Posting, type PostingResult } from './service.ts';

/*
 * Money writes that run as one call of a PostgreSQL function (migration 0017, docs/decisions/0015).
 * The functions raise RW001 (insufficient balance) and RW002 (no such user) as `post()` throws its
 * errors, and RW003 for a refusal found after a write (the statement is undone; its message is the
 * outcome the caller answers with).
 */
async function oneCall<Row extends object>(send: () => Promise<QueryResult<Row>>): Promise<Row> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await send()).rows[0]!;
    } catch (err) {
      const { code, message } = err as { code?: unknown; message?: string };
      if (code === 'RW001') throw insufficientFunds();
      if (code === 'RW002') throw notFound('User not found.');
      if (code === 'RW003') return { outcome: message } as unknown as Row;
      // PostgreSQL undid the whole call (a deadlock with a grouped call, which locks several players
      // and their referrers): sent again, its keys keep it to once.
      if (RETRIED.has(code as string) && attempt < MAX_ATTEMPTS) continue;
      throw err;
    }
  }
}

/** Deadlock detected, serialization failure. */
const RETRIED = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

export const referralTerms = (deps: Deps) =>
  [REFERRAL_THRESHOLD, deps.env.REFERRAL_COMMISSION_PERCENT] as const;

export function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount === 0) {
    throw new Error(`Ledger amounts are non-zero integer hundredths, got ${amount}`);
  }
}

const metaText = (meta: Posting['meta']) => (meta ? JSON.stringify(meta) : null);

/**
 * An earning credit (`creditEarning`) in a transaction of its own: one function call on PostgreSQL.
 * The answer's `account` is not read back there (nothing after the credit needs it).
 */
export async function creditEarningAlone(deps: Deps, p: Posting): Promise<PostingResult> {
  if (!isPostgres(deps.db)) return deps.db.transaction().execute((trx) => creditEarning(trx, deps, p));
  checkAmount(p.amount);
  const row = await oneCall(() =>
    calls.creditEarningCall(
      deps.db,
      p.userId,
      p.amount,
      p.kind,
      p.key,
      p.description,
      deps.clock.now().toISOString(),
      metaText(p.meta),
      p.earningsDelta ?? (EARNING_KINDS.has(p.kind) ? p.amount : 0),
      ...referralTerms(deps),
    ),
  );
  return { applied: row.applied, entryId: row.entry_id, balance: Number(row.balance_after) };
}

export interface PostbackCredit {
  userId: number;
  wallSlug: string;
  transId: string;
  kind: 'offer' | 'survey';
  amount: number;
  description: string;
  state: 'held' | 'credited';
  releaseAt: string | null;
  now: string;
  key: string;
  meta: Record<string, unknown>;
  /** The postback's record, written with its verdict. */
  record: {
    action: string | null;
    params: string;
    signature: string | null;
    rawUrl: string | null;
    ip: string | null;
    reason: string | null;
  };
}

/** A provider's credit with the record of its postback, in one call (PostgreSQL only). */
export async function creditPostbackInOneCall(deps: Deps, c: PostbackCredit) {
  checkAmount(c.amount);
  const row = await oneCall(() =>
    calls.creditPostbackCall(
      deps.db,
      c.userId,
      c.wallSlug,
      c.transId,
      c.kind,
      c.amount,
      c.description,
      c.state,
      c.releaseAt,
      c.now,
      c.key,
      JSON.stringify(c.meta),
      c.amount,
      ...referralTerms(deps),
      c.record.action,
      c.record.params,
      c.record.signature,
      c.record.rawUrl,
      c.record.ip,
      c.record.reason,
    ),
  );
  return { verdict: row.verdict, ledgerEntryId: row.ledger_entry, postbackId: row.postback_id };
}

export interface DailyClaim {
  userId: number;
  today: string;
  yesterday: string;
  at: string;
  days: number;
  dayReward: number;
  surpriseReward: number;
  /** Followed by the day's number. */
  description: string;
  surpriseDescription: string;
}

/** A daily claim in one call (PostgreSQL only): null when today's was claimed already. */
export async function claimDailyInOneCall(deps: Deps, c: DailyClaim) {
  const row = await oneCall(() =>
    calls.claimDailyCall(
      deps.db,
      c.userId,
      c.today,
      c.yesterday,
      c.at,
      c.days,
      c.dayReward,
      c.surpriseReward,
      c.description,
      c.surpriseDescription,
      ...referralTerms(deps),
    ),
  );
  return claimedOf(row);
}

/** What a daily claim's call answered: the day paid, or null when today's was claimed already. */
export function claimedOf(row: calls.DailyCall) {
  if (row.outcome !== 'claimed') return null;
  return { day: Number(row.day), amount: Number(row.amount), balance: Number(row.balance_after) };
}

export type PromoRefusal = 'invalid' | 'already' | 'expired' | 'used_up';

/** A promo redemption in one call (PostgreSQL only): the credit, or why the code was refused. */
export async function redeemPromoInOneCall(
  deps: Deps,
  userId: number,
  code: string,
  now: string,
): Promise<{ refused: PromoRefusal } | { amount: number; balance: number }> {
  const row = await oneCall(() => calls.redeemPromoCall(deps.db, userId, code, now, ...referralTerms(deps)));
  if (row.outcome !== 'redeemed') return { refused: row.outcome as PromoRefusal };
  return { amount: Number(row.amount), balance: Number(row.balance_after) };
}

export interface WithdrawalDebit {
  userId: number;
  method: string;
  robux: number;
  amount: number;
  gamepassId: number | null;
  productId: number | null;
  price: number;
  sellerId: number;
  state: string;
  reviewReasons: string | null;
  requestKey: string | null;
  now: string;
  description: string;
  /** The debit's meta besides the withdrawal's id, which the call adds first. */
  meta: Record<string, unknown>;
}

/**
 * A withdrawal's row and its debit in one call (PostgreSQL only): the new id and balance, or which
 * unique key was taken. Throws INSUFFICIENT_FUNDS (nothing written) when the balance does not cover it.
 */
export async function requestWithdrawalInOneCall(
  deps: Deps,
  w: WithdrawalDebit,
): Promise<{ id: number; balance: number } | 'repeat' | 'in_use'> {
  checkAmount(w.amount);
  const row = await oneCall(() =>
    calls.requestWithdrawalCall(
      deps.db,
      w.userId,
      w.method,
      w.robux,
      w.amount,
      w.gamepassId,
      w.productId,
      w.price,
      w.sellerId,
      w.state,
      w.reviewReasons,
      w.requestKey,
      w.now,
      w.description,
      JSON.stringify(w.meta).slice(1),
    ),
  );
  if (row.outcome === 'repeat' || row.outcome === 'in_use') return row.outcome;
  return { id: Number(row.withdrawal_id), balance: Number(row.balance_after) };
}
