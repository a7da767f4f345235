import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/*
 * What players have earned from offers and surveys, net of reversals, in hundredths of R$: the sum
 * of their provider transactions in state `credited`. A credit is `credited` once paid (at once, or
 * when its hold passes) and becomes `reversed` when the provider takes it back, so a held credit and
 * a reversed one count nothing. Each sum reads the (user_id, state) index of offer_transactions.
 */

/** One player's offer and survey earnings, net of reversals. */
export async function offerEarningsOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('offer_transactions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
    .where('user_id', '=', userId)
    .where('state', '=', 'credited')
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The same for several players at once (a leaderboard's rows): players with none are left out. */
export async function offerEarningsOfMany(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('offer_transactions')
    .select((eb) => ['user_id', eb.fn.sum<number>('amount').as('total')])
    .where('user_id', 'in', userIds)
    .where('state', '=', 'credited')
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.total ?? 0)]));
}
