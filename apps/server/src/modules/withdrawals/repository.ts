import { sql } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { countPayout } from '../economics/index.ts';
import type { WithdrawalMethod } from '@rewards/contracts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';

export interface NewWithdrawal {
  userId: number;
  method: WithdrawalMethod;
  robux: number;
  amount: number;
  /** Null for a group payout. */
  gamepassId: number | null;
  productId: number | null;
  price: number;
  sellerId: number;
  requestKey: string | null;
  now: string;
  /** `in_review` when a review rule applied (with its reasons), else `pending`. */
  state: 'pending' | 'in_review';
  reviewReasons: string | null;
}

/**
 * Inserts a pending withdrawal unless a unique key is taken (the same request key, a live withdrawal
 * to the same gamepass, or the player's live group payout); returns the new id or null.
 */
export async function insertWithdrawalOnce(db: Db, w: NewWithdrawal): Promise<number | null> {
  const row = await db
    .insertInto('withdrawals')
    .values({
      user_id: w.userId,
      method: w.method,
      robux: w.robux,
      amount: w.amount,
      gamepass_id: w.gamepassId,
      product_id: w.productId,
      price: w.price,
      seller_id: w.sellerId,
      state: w.state,
      review_reasons: w.reviewReasons,
      request_key: w.requestKey,
      created_at: w.now,
      updated_at: w.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function setLedgerEntry(db: Db, id: number, ledgerEntryId: number) {
  await db.updateTable('withdrawals').set({ ledger_entry_id: ledgerEntryId }).where('id', '=', id).execute();
}

export async function findById(db: Db, id: number) {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findByRequestKey(db: Db, requestKey: string) {
  return db.selectFrom('withdrawals').selectAll().where('request_key', '=', requestKey).executeTakeFirst();
}

export async function listForUser(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('withdrawals')
    .select(['id', 'method', 'robux', 'price', 'gamepass_id', 'state', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A withdrawal with its player's name: what the admin queue shows of each row. */
function selectWithUser(db: Db) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select([
      'w.id',
      'w.user_id',
      'u.username',
      'u.roblox_id',
      'w.method',
      'w.gamepass_id',
      'w.seller_id',
      'w.robux',
      'w.price',
      'w.state',
      'w.attempts',
      'w.purchase_attempts',
      'w.last_error',
      'w.created_at',
      'w.updated_at',
      'w.paid_at',
      'w.review_reasons',
      'w.pay_despite_ban',
      'u.status as user_status',
    ]);
}

export async function listWithUsers(db: Db, state: WithdrawalState | null, limit: number, offset: number) {
  let rows = selectWithUser(db);
  let count = db.selectFrom('withdrawals').select((eb) => eb.fn.countAll<number>().as('n'));
  if (state) {
    rows = rows.where('w.state', '=', state);
    count = count.where('state', '=', state);
  }
  const [list, total] = await Promise.all([
    // Oldest first: the queue is worked from the front.
    rows
      .orderBy('w.id', state ? 'asc' : 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(total.n) };
}

export async function userStatus(db: Db, userId: number): Promise<'active' | 'banned' | null> {
  const row = await db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirst();
  return row?.status ?? null;
}

export interface Transition {
  id: number;
  /** The states the row must be in for the change to apply. */
  from: WithdrawalState[];
  /** With `from: ['purchasing']`: the claim that must still hold. */
  claimedBy?: string;
  to: WithdrawalState;
  now: string;
  lastError?: string | null;
  nextAttemptAt?: string | null;
  /** Undo the purchase-attempt count (the request was definitely not bought). */
  uncountPurchase?: boolean;
  /** Only if no purchase was ever attempted: an unclear attempt may have gone through on Roblox. */
  neverAttempted?: boolean;
  /** With `to: 'pending'` from `held`: an admin's "pay anyway", which the worker's ban check honours. */
  payDespiteBan?: boolean;
  /** With `to: 'paid'`: the Roblox transaction a group payout was found as. */
  payoutRef?: string;
}

/**
 * Every state change is conditional on the state it starts from (and the claim), so two admins,
 * or an admin and a worker, can never both act on one withdrawal. Returns the row, or undefined.
 * A payment is counted in the operator's figures in the same transaction as the change.
 */
export async function transition(db: Db, t: Transition) {
  if (t.to !== 'paid' || db.isTransaction) return changeState(db, t);
  return inTransaction(db as Database, (trx) => changeState(trx, t));
}

async function changeState(db: Db, t: Transition) {
  let q = db
    .updateTable('withdrawals')
    .set({
      state: t.to,
      updated_at: t.now,
      ...(t.to === 'paid' ? { paid_at: t.now } : {}),
      ...(t.lastError !== undefined ? { last_error: t.lastError } : {}),
      ...(t.to === 'pending' ? { next_attempt_at: t.nextAttemptAt ?? null } : {}),
      ...(t.payDespiteBan ? { pay_despite_ban: 1 } : {}),
      ...(t.payoutRef !== undefined ? { payout_ref: t.payoutRef } : {}),
      ...(t.uncountPurchase
        ? {
            purchase_attempts: sql<number>`case when purchase_attempts > 0 then purchase_attempts - 1 else 0 end`,
          }
        : {}),
      // A released row holds no claim; a finished one keeps it as a record of who finished it.
      ...(t.to === 'pending' ? { claimed_by: null, claimed_at: null } : {}),
    })
    .where('id', '=', t.id)
    .where('state', 'in', t.from);
  if (t.claimedBy !== undefined) q = q.where('claimed_by', '=', t.claimedBy);
  if (t.neverAttempted) q = q.where('purchase_attempts', '=', 0);
  const row = await q.returningAll().executeTakeFirst();
  if (row && t.to === 'paid') await countPayout(db, row.method, Number(row.price), t.now);
  return row;
}

export async function findWithUser(db: Db, id: number) {
  return selectWithUser(db).where('w.id', '=', id).executeTakeFirst();
}

/**
 * The account's withdrawals a ban stops at once: waiting for payment or for review, not yet "paid
 * anyway", and never sent to Roblox (one with an unclear attempt may be bought already: the payout
 * worker asks the inventory before holding it).
 */
export async function findStoppableByBan(db: Db, userId: number) {
  return db
    .selectFrom('withdrawals')
    .select(['id', 'state', 'robux'])
    .where('user_id', '=', userId)
    .where('state', 'in', ['pending', 'in_review'])
    .where('pay_despite_ban', '=', 0)
    .where('purchase_attempts', '=', 0)
    .orderBy('id')
    .execute();
}

/** Which of these Roblox group transactions already settle a withdrawal. */
export async function recordedPayoutRefs(db: Db, refs: string[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await db
    .selectFrom('withdrawals')
    .select('payout_ref')
    .where('payout_ref', 'in', refs)
    .execute();
  return new Set(rows.map((r) => r.payout_ref!));
}

/**
 * The player's other group payouts of the same amount paid since `since` whose Roblox transaction was
 * never looked up: while there is one, a transaction found for this amount could be theirs.
 */
export async function unmatchedGroupPayouts(
  db: Db,
  w: { id: number; user_id: number; robux: number },
  since: string,
) {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', w.user_id)
    .where('method', '=', 'group')
    .where('robux', '=', w.robux)
    .where('state', '=', 'paid')
    .where('payout_ref', 'is', null)
    .where('paid_at', '>=', since)
    .where('id', '<>', w.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Withdrawals in the given states, counted by state. For the states a withdrawal passes through
 * (not `paid` or `refunded`, which only grow), the (state, id) index keeps this to the queue's size.
 */
export async function withdrawalsByState(db: Db, states: readonly WithdrawalState[]) {
  const rows = await db
    .selectFrom('withdrawals')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .where('state', 'in', states)
    .groupBy('state')
    .execute();
  return rows.map((r) => ({ state: r.state as WithdrawalState, count: Number(r.n) }));
}
