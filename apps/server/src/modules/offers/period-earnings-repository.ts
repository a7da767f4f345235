import type { Db } from '../../db/database.ts';

/** A player's offer and survey earnings over a period, net of what was taken back. */
export interface PeriodEarning {
  userId: number;
  username: string;
  banned: boolean;
  /** Hundredths of R$. */
  amount: number;
  /** When the newest credit still counted arrived: the moment the player reached `amount`. */
  reachedAt: string;
}

/**
 * Every player's R$ from provider transactions created in [from, to), largest first, ties to
 * whoever reached their amount first. A transaction counts while held or credited; one that was
 * reversed (chargeback, or its hold cancelled) counts nothing, so a reversal moves the standings
 * back until the race's results are fixed. Only providers' credits are here: daily, promo, social,
 * referral, giveaway and admin credits never are.
 */
export async function earningsBetween(db: Db, from: string, to: string): Promise<PeriodEarning[]> {
  const rows = await db
    .selectFrom('offer_transactions as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select((eb) => [
      't.user_id',
      'u.username',
      'u.status',
      eb.fn.sum<number | string>('t.amount').as('amount'),
      eb.fn.max('t.created_at').as('reached_at'),
    ])
    .where('t.created_at', '>=', from)
    .where('t.created_at', '<', to)
    .where('t.state', 'in', ['held', 'credited'])
    .where('t.amount', '>', 0)
    .groupBy(['t.user_id', 'u.username', 'u.status'])
    .orderBy('amount', 'desc')
    .orderBy('reached_at', 'asc')
    .orderBy('t.user_id', 'asc')
    .execute();
  return rows.map((r) => ({
    userId: Number(r.user_id),
    username: r.username,
    banned: r.status === 'banned',
    amount: Number(r.amount),
    reachedAt: r.reached_at,
  }));
}
