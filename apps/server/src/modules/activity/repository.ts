import type { Db } from '../../db/database.ts';

/**
 * The top players by lifetime earnings (`users.earnings`, which the ledger moves with earning kinds
 * only). Banned and deleted accounts (a pseudonym would tie back to the name the board showed) and
 * players who earned nothing are left out; ties go to the earliest joiner.
 */
export async function topEarners(db: Db, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'earnings'])
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null)
    .where('earnings', '>', 0)
    .orderBy('earnings', 'desc')
    .orderBy('joined_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/**
 * One page of a player's ledger entries, newest first, those before `beforeId` when given. A
 * withdrawal debit carries its withdrawal's state (null when the row is missing).
 */
export async function entriesPage(db: Db, userId: number, limit: number, beforeId?: number) {
  let q = db
    .selectFrom('ledger_entries as e')
    .leftJoin('withdrawals as w', (join) =>
      join.onRef('w.ledger_entry_id', '=', 'e.id').on('e.kind', '=', 'withdrawal'),
    )
    .select(['e.id', 'e.amount', 'e.kind', 'e.description', 'e.params', 'e.created_at', 'w.state'])
    .where('e.user_id', '=', userId);
  if (beforeId !== undefined) q = q.where('e.id', '<', beforeId);
  return q.orderBy('e.id', 'desc').limit(limit).execute();
}
