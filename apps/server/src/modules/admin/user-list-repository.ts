// The console's player list: a page of accounts, searched by name prefix, and its total.
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { nameInByteOrder, startsWith } from '../../db/engine-sql.ts';
import { prepared } from '../../db/prepared.ts';

/** Names hold only letters, digits and underscores; anything else cannot match and is dropped. */
function prefixOf(search: string): string {
  return search.toLowerCase().replace(/[^a-z0-9_]/g, '');
}

function usersMatching(db: Database, search: string | undefined, linked = false) {
  const q = linked
    ? db
        .selectFrom('users')
        .where('users.id', 'in', db.selectFrom('linked_users').select('linked_users.user_id'))
    : db.selectFrom('users');
  const prefix = search ? prefixOf(search) : '';
  if (!prefix) return q;
  return q.where(startsWith(db, 'username_lower', prefix));
}

/** Name order, in the form the engine's name index is kept in (migration 0006 on PostgreSQL). */
const nameOrder = (db: Database) => nameInByteOrder(db, 'username_lower');

const ADMIN_USER_COLUMNS = [
  'id',
  'username',
  'roblox_id',
  'earnings',
  'balance',
  'status',
  'verified',
  'joined_at',
] as const;

/** 1 (true) when the account shares a device or sign-in address with another (modules/signals). */
const linkedFlag = sql<number | boolean>`exists (select 1 from linked_users l where l.user_id = users.id)`.as(
  'linked',
);

// The console's pages without a search have one fixed shape, so they run as a prepared query. A
// search stays ad hoc: PostgreSQL can use the name index for `like` only when it plans with the
// pattern in hand, which a named statement's generic plan does not.
const newestUsersQuery = prepared((db: Database, limit: number, offset: number) =>
  db
    .selectFrom('users')
    .select(ADMIN_USER_COLUMNS)
    .select(linkedFlag)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset),
);

/** `linked`: only accounts that share a device or sign-in address with another. */
export async function searchUsers(
  db: Database,
  search: string | undefined,
  limit: number,
  offset: number,
  linked = false,
) {
  if (!prefixOf(search ?? '')) {
    if (!linked) return (await newestUsersQuery(db, limit, offset)).rows;
    return usersMatching(db, undefined, true)
      .select(ADMIN_USER_COLUMNS)
      .select(linkedFlag)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }
  // A search lists names in name order: the prefix index then yields the rows already sorted and
  // stops after the page, where "newest first" would make the database scan every player.
  return usersMatching(db, search, linked)
    .select(ADMIN_USER_COLUMNS)
    .select(linkedFlag)
    .orderBy(nameOrder(db))
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countUsers(db: Database, search: string | undefined, linked = false): Promise<number> {
  const row = await usersMatching(db, search, linked)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
