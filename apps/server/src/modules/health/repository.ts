import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';

/** Throws when the database does not answer (the caller bounds the wait). */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Withdrawals in the given states, counted by state. For the states a withdrawal passes through
 * (not `paid` or `refunded`, which only grow), the (state, id) index keeps this to the queue's size.
 */
export async function withdrawalsByState(db: Database, states: readonly WithdrawalState[]) {
  const rows = await db
    .selectFrom('withdrawals')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .where('state', 'in', states)
    .groupBy('state')
    .execute();
  return rows.map((r) => ({ state: r.state as WithdrawalState, count: Number(r.n) }));
}

export async function payoutAccountStatus(db: Database) {
  const row = await db.selectFrom('payout_account').select('status').where('id', '=', 1).executeTakeFirst();
  return row?.status ?? 'ok';
}
