import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';

// A player's withdrawal and credit history, as the withdrawal rules and the admin console read it.

/** Whether the account ever asked for a withdrawal, whatever became of it. */
export async function hasAnyForUser(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

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

/**
 * R$ the player asked to withdraw since `since` (up to withdrawal `upToId` included, if given: the ones
 * asked for after it left out), refunded withdrawals left out.
 */
export async function sumRequestedSince(
  db: Db,
  userId: number,
  since: string,
  upToId?: number,
): Promise<number> {
  let q = db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.sum<number>('robux').as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .where('state', '!=', 'refunded');
  if (upToId !== undefined) q = q.where('id', '<=', upToId);
  const row = await q.executeTakeFirstOrThrow();
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
