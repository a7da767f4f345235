import type { Db } from '../../src/db/database.ts';

/**
 * Lets the payout claims of `ids` (every withdrawal left `purchasing` when none are named) run out:
 * their `claimed_at` moves back to long ago. A lease is measured on the database's clock, which a
 * test cannot move, so the claim is aged instead.
 */
export async function leasesRunOut(db: Db, ids?: number[]): Promise<void> {
  let q = db
    .updateTable('withdrawals')
    .set({ claimed_at: '2000-01-01T00:00:00.000Z' })
    .where('state', '=', 'purchasing');
  if (ids) q = q.where('id', 'in', ids);
  await q.execute();
}
