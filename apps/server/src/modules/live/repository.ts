import type { Db } from '../../db/database.ts';
import { liveFeedKinds } from '@rewards/contracts';

/** A new ledger entry with what the feed needs of its player (the public part is chosen in events.ts). */
export interface LedgerEvent {
  id: number;
  user_id: number;
  amount: number;
  kind: string;
  description: string;
  params: string | null;
  created_at: string;
  username: string;
  status: 'active' | 'banned';
  deleted_at: string | null;
}

function entriesWithPlayer(db: Db) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select([
      'e.id',
      'e.user_id',
      'e.amount',
      'e.kind',
      'e.description',
      'e.params',
      'e.created_at',
      'u.username',
      'u.status',
      'u.deleted_at',
    ]);
}

/** Entries after `afterId` and those of the ids in `gaps`, oldest first, by the primary key (the poller). */
export async function entriesAfter(
  db: Db,
  afterId: number,
  gaps: number[],
  limit: number,
): Promise<LedgerEvent[]> {
  return entriesWithPlayer(db)
    .where((eb) =>
      gaps.length === 0
        ? eb('e.id', '>', afterId)
        : eb.or([eb('e.id', '>', afterId), eb('e.id', 'in', gaps)]),
    )
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

/**
 * The newest credits the public feed may show: its kinds, players neither banned nor deleted. Walks
 * the primary key backwards, and offer credits are most of the ledger, so it stops after a few rows.
 */
export async function recentFeedEntries(db: Db, limit: number): Promise<LedgerEvent[]> {
  return entriesWithPlayer(db)
    .where('e.kind', 'in', [...liveFeedKinds])
    .where('e.amount', '>', 0)
    .where('u.status', '=', 'active')
    .where('u.deleted_at', 'is', null)
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}
