import type { Db } from '../../db/database.ts';

/**
 * What the site has paid out: the paid withdrawals, their R$ (what the players received) and the
 * players they went to. Reads every paid withdrawal through the (state, id) index; the landing page
 * caches the answer, so this runs at most once a minute per process.
 */
export async function paidWithdrawalTotals(db: Db) {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('robux').as('robux'),
      eb.fn.count<number>('user_id').distinct().as('players'),
    ])
    .where('state', '=', 'paid')
    .executeTakeFirst();
  return {
    count: Number(row?.n ?? 0),
    robux: Number(row?.robux ?? 0),
    players: Number(row?.players ?? 0),
  };
}
