import type { Database } from '../../src/db/database.ts';
import { insertUserOnce } from '../../src/modules/users/repository.ts';

/** A player's account as stored: the site's id; balance, earnings and referral earnings in cents; counters. */
async function accountWhere(db: Database, column: 'id' | 'roblox_id' | 'username', value: number | string) {
  const u = await db
    .selectFrom('users')
    .selectAll()
    .where(column, '=', value as never)
    .executeTakeFirstOrThrow();
  return {
    id: u.id,
    balance: Number(u.balance),
    earnings: Number(u.earnings),
    offersCompleted: u.offers_completed,
    referralsMade: u.referrals_made,
    referralsEarned: Number(u.referrals_earned),
    referredBy: u.referred_by === null ? null : Number(u.referred_by),
  };
}

/** The account of a Roblox account that has signed in. */
export const accountOf = (db: Database, robloxId: number) => accountWhere(db, 'roblox_id', robloxId);

/** The account of a player by the site's id. */
export const accountWithId = (db: Database, userId: number) => accountWhere(db, 'id', userId);

/** The account of a player by username. */
export const accountNamed = (db: Database, username: string) => accountWhere(db, 'username', username);

/** The site's user id of a player by username. */
export const userIdNamed = async (db: Database, username: string) => (await accountNamed(db, username)).id;

/** The site's user id of a Roblox account that has signed in. */
export const userIdOf = async (db: Database, robloxId: number) => (await accountOf(db, robloxId)).id;

/** A player's balance in R$ (stored in cents). */
export const balanceOf = async (db: Database, userId: number) =>
  (await accountWithId(db, userId)).balance / 100;

/** Bans a player (or lifts the ban) straight in the database, as the admin console's ban does. */
export async function setPlayerStatus(
  db: Database,
  username: string,
  status: 'active' | 'banned',
): Promise<void> {
  await db.updateTable('users').set({ status }).where('username', '=', username).execute();
}

/**
 * A player added through the users repository (`insertUserOnce`), as a first sign-in adds one, for
 * tests below the API, joined at `joinedAt`: username `<name in lower case><robloxId>`, shown as
 * `<name> <robloxId>`, or `username` for both when given. Returns the site's id.
 */
export async function insertUser(
  db: Database,
  robloxId: number,
  opts: { joinedAt: string; name?: string; username?: string },
): Promise<number> {
  const name = opts.name ?? 'Player';
  const id = await insertUserOnce(db, {
    username: opts.username ?? `${name.toLowerCase()}${robloxId}`,
    displayName: opts.username ?? `${name} ${robloxId}`,
    robloxId,
    verificationCode: 'x',
    referredBy: null,
    joinedAt: opts.joinedAt,
  });
  if (id === null) throw new Error('user not created');
  return id;
}

/**
 * A user row written straight into a database being migrated (migration tests): player `p<id>` with
 * Roblox id 9000 + id and the given columns.
 */
export async function insertRawUser(
  db: Database,
  id: number,
  columns: {
    referred_by?: number | null;
    verified?: number;
    earnings?: number;
    referrals_made?: number;
  } = {},
): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id,
      username: `p${id}`,
      username_lower: `p${id}`,
      display_name: `p${id}`,
      roblox_id: 9000 + id,
      joined_at: '2026-01-01T00:00:00.000Z',
      ...columns,
    })
    .execute();
}
