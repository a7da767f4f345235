import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';

type Db = Database | Transaction<DB>;

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
      state: 'pending',
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

/** Records that a purchase request is about to be sent, while the claim is still ours. */
export async function notePurchaseAttempt(db: Db, id: number, token: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('withdrawals')
    .set((eb) => ({ purchase_attempts: eb('purchase_attempts', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where('state', '=', 'purchasing')
    .where('claimed_by', '=', token)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
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
