import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { databaseTime } from '../../db/engine-sql.ts';
import type { DB } from '../../db/schema.ts';

// What the payout worker records: which withdrawal it may take, its claim, and each purchase attempt.
// A claim's time (`claimed_at`) is the database's clock, written and compared there, so a worker whose
// own clock is off neither takes over a live claim early nor holds a dead one too long.

/**
 * Pending past its back-off, or purchasing with a lease (`leaseMs`, on the database's clock) that
 * ran out (a crashed worker's).
 */
const claimable = (db: Db, now: string, leaseMs: number) => (eb: ExpressionBuilder<DB, 'withdrawals'>) =>
  eb.or([
    eb.and([
      eb('state', '=', 'pending'),
      eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]),
    ]),
    eb.and([eb('state', '=', 'purchasing'), eb('claimed_at', '<', databaseTime(db, -leaseMs))]),
  ]);

/** Ids the worker may claim now: pending ones past their back-off, and purchasing ones whose lease ran out. */
export async function findClaimable(db: Db, now: string, leaseMs: number, limit: number) {
  const rows = await db
    .selectFrom('withdrawals')
    .select('id')
    .where(claimable(db, now, leaseMs))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The claim: one conditional UPDATE, so of several workers (threads, processes, machines) exactly
 * one gets the row. A `purchasing` row is only taken over once its lease has run out (crash recovery).
 * It returns the player's status as the claim saw it (the first ban check) and name (for messages).
 */
export async function claim(db: Db, id: number, token: string, now: string, leaseMs: number) {
  return db
    .updateTable('withdrawals')
    .set((eb) => ({
      state: 'purchasing',
      claimed_by: token,
      claimed_at: databaseTime(db),
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .where(claimable(db, now, leaseMs))
    .returningAll()
    .returning((eb) => [
      eb
        .selectFrom('users')
        .select('users.status')
        .whereRef('users.id', '=', 'withdrawals.user_id')
        .as('player_status'),
      eb
        .selectFrom('users')
        .select('users.username')
        .whereRef('users.id', '=', 'withdrawals.user_id')
        .as('player_name'),
    ])
    .executeTakeFirst();
}

/** A withdrawal as its claim returned it: the row, and its player's status and name. */
export type ClaimedWithdrawal = NonNullable<Awaited<ReturnType<typeof claim>>>;

/**
 * Records that a purchase request is about to be sent, while the claim is still ours and the player is
 * not banned (unless an admin chose to pay despite the ban): the last check before buying, in the
 * same statement, so a ban committed before it always stops the purchase. It renews the lease: the
 * checks before it may have taken most of it, and a takeover while the request is on its way would
 * send a group payout twice (Roblox refuses nothing there). The lease then runs from the send, which
 * ends within ROBLOX_TIMEOUT_MS, far inside it.
 */
export async function notePurchaseAttempt(db: Db, id: number, token: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('withdrawals')
    .set((eb) => ({
      purchase_attempts: eb('purchase_attempts', '+', 1),
      claimed_at: databaseTime(db),
      updated_at: now,
    }))
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
