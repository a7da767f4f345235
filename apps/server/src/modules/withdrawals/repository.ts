import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';

export interface NewWithdrawal {
  userId: number;
  robux: number;
  amount: number;
  gamepassId: number;
  productId: number;
  price: number;
  sellerId: number;
  requestKey: string | null;
  now: string;
  /** `in_review` when a review rule applied (with its reasons), else `pending`. */
  state: 'pending' | 'in_review';
  reviewReasons: string | null;
}

/**
 * Inserts a pending withdrawal unless a unique key is taken (the same request key, or a live
 * withdrawal to the same gamepass); returns the new id or null.
 */
export async function insertWithdrawalOnce(db: Db, w: NewWithdrawal): Promise<number | null> {
  const row = await db
    .insertInto('withdrawals')
    .values({
      user_id: w.userId,
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
    .select(['id', 'robux', 'price', 'gamepass_id', 'state', 'created_at', 'updated_at'])
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
      'w.gamepass_id',
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

// ---- payout worker ----

/** Ids the worker may claim now: pending ones past their back-off, and purchasing ones whose lease ran out. */
export async function findClaimable(db: Db, now: string, leaseCutoff: string, limit: number) {
  const rows = await db
    .selectFrom('withdrawals')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('state', '=', 'pending'),
          eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]),
        ]),
        eb.and([eb('state', '=', 'purchasing'), eb('claimed_at', '<', leaseCutoff)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The claim: one conditional UPDATE, so of several workers (threads, processes, machines) exactly
 * one gets the row. A `purchasing` row is only taken over once its lease has run out (crash recovery).
 */
export async function claim(db: Db, id: number, token: string, now: string, leaseCutoff: string) {
  return db
    .updateTable('withdrawals')
    .set((eb) => ({
      state: 'purchasing',
      claimed_by: token,
      claimed_at: now,
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('state', '=', 'pending'),
          eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]),
        ]),
        eb.and([eb('state', '=', 'purchasing'), eb('claimed_at', '<', leaseCutoff)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * Records that a purchase request is about to be sent, while the claim is still ours and the player is
 * not banned (unless an admin chose to pay despite the ban): the last check before buying, in the
 * same statement, so a ban committed before it always stops the purchase.
 */
export async function notePurchaseAttempt(db: Db, id: number, token: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('withdrawals')
    .set((eb) => ({ purchase_attempts: eb('purchase_attempts', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where('state', '=', 'purchasing')
    .where('claimed_by', '=', token)
    .where((eb) =>
      eb.or([
        eb('pay_despite_ban', '=', 1),
        eb.exists(
          eb
            .selectFrom('users')
            .select('users.id')
            .whereRef('users.id', '=', 'withdrawals.user_id')
            .where('users.status', '=', 'active'),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
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
}

/**
 * Every state change is conditional on the state it starts from (and the claim), so two admins,
 * or an admin and a worker, can never both act on one withdrawal. Returns the row, or undefined.
 */
export async function transition(db: Db, t: Transition) {
  let q = db
    .updateTable('withdrawals')
    .set({
      state: t.to,
      updated_at: t.now,
      ...(t.to === 'paid' ? { paid_at: t.now } : {}),
      ...(t.lastError !== undefined ? { last_error: t.lastError } : {}),
      ...(t.to === 'pending' ? { next_attempt_at: t.nextAttemptAt ?? null } : {}),
      ...(t.payDespiteBan ? { pay_despite_ban: 1 } : {}),
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
  return q.returningAll().executeTakeFirst();
}

export async function findWithUser(db: Db, id: number) {
  return selectWithUser(db).where('w.id', '=', id).executeTakeFirst();
}

// ---- rules ----

/** Withdrawals of the account that were paid (0: the next one is its first). */
export async function countPaidForUser(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('state', '=', 'paid')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** R$ the player asked to withdraw since `since`, refunded withdrawals left out. */
export async function sumRequestedSince(db: Db, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.sum<number>('robux').as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .where('state', '!=', 'refunded')
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

/**
 * The player's offer and survey credits since `since` (held ones included, reversals that arrived
 * before any credit excluded) and how many of them, and how much, their providers reversed.
 */
export async function reversalFigures(db: Db, userId: number, since: string) {
  const reversed = sql<number>`case when state = 'reversed' then 1 else 0 end`;
  const reversedAmount = sql<number>`case when state = 'reversed' then amount else 0 end`;
  const row = await db
    .selectFrom('offer_transactions')
    .select((eb) => [
      eb.fn.countAll<number>().as('credits'),
      eb.fn.sum<number>('amount').as('credited'),
      eb.fn.sum<number>(reversed).as('reversed'),
      eb.fn.sum<number>(reversedAmount).as('reversed_amount'),
    ])
    .where('user_id', '=', userId)
    .where('amount', 'is not', null)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return {
    credits: Number(row.credits),
    creditedCents: Number(row.credited ?? 0),
    reversed: Number(row.reversed ?? 0),
    reversedCents: Number(row.reversed_amount ?? 0),
  };
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

/** The account's withdrawals not yet paid or refunded, newest first. */
export async function listOpenForUser(db: Db, userId: number, states: readonly WithdrawalState[]) {
  return db
    .selectFrom('withdrawals')
    .select(['id', 'robux', 'state', 'review_reasons', 'last_error', 'created_at'])
    .where('user_id', '=', userId)
    .where('state', 'in', states)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}
