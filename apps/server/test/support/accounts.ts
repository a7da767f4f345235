import type { Database } from '../../src/db/database.ts';

/** The site's user id of a Roblox account that has signed in. */
export async function userIdOf(db: Database, robloxId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('roblox_id', '=', robloxId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A player's account as stored: the site's id, balance and earnings in cents, offers completed. */
export async function accountOf(db: Database, robloxId: number) {
  const u = await db
    .selectFrom('users')
    .selectAll()
    .where('roblox_id', '=', robloxId)
    .executeTakeFirstOrThrow();
  return {
    id: u.id,
    balance: Number(u.balance),
    earnings: Number(u.earnings),
    offersCompleted: u.offers_completed,
  };
}

/** A player's balance in R$ (stored in cents). */
export async function balanceOf(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.balance) / 100;
}
