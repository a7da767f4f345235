import type { Db } from '../../db/database.ts';

/** A player's offer and survey earnings over a period, net of what was taken back. */
export interface PeriodEarning {
  userId: number;
  /** Hundredths of R$. */
  amount: number;
  /** When the newest credit still counted arrived: the moment the player reached `amount`. */
  reachedAt: string;
}

/**
 * Every player's R$ from provider transactions created in [from, to), largest first, ties to
 * whoever reached their amount first, then to the lower id. A transaction counts while held or
 * credited; one that was reversed (chargeback, or its hold cancelled) counts nothing, so a reversal
 * moves the standings back until the race's results are fixed. Only providers' credits are here:
 * daily, promo, social, referral, giveaway and admin credits never are. One table and no join: with
 * 200,000 players this is the race board's whole cost (docs/races.md).
 */
export async function earningsBetween(db: Db, from: string, to: string): Promise<PeriodEarning[]> {
  const rows = await db
    .selectFrom('offer_transactions as t')
    .select((eb) => [
      't.user_id',
      eb.fn.sum<number | string>('t.amount').as('amount'),
      eb.fn.max('t.created_at').as('reached_at'),
    ])
    .where('t.created_at', '>=', from)
    .where('t.created_at', '<', to)
    .where('t.state', 'in', ['held', 'credited'])
    .where('t.amount', '>', 0)
    .groupBy('t.user_id')
    .orderBy('amount', 'desc')
    .orderBy('reached_at', 'asc')
    .orderBy('t.user_id', 'asc')
    .execute();
  return rows.map((r) => ({ userId: Number(r.user_id), amount: Number(r.amount), reachedAt: r.reached_at }));
}
