import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { firstRow, prepared } from '../../db/prepared.ts';

export async function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByRobloxId(db: Db, robloxId: number) {
  return db.selectFrom('users').selectAll().where('roblox_id', '=', robloxId).executeTakeFirst();
}

export async function findUserByName(db: Db, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_lower', '=', username.toLowerCase())
    .executeTakeFirst();
}

const inviterQuery = prepared((db, usernameLower: string) =>
  db
    .selectFrom('users')
    .select('username')
    .where('username_lower', '=', usernameLower)
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null),
);

/**
 * The stored (canonical) name of the player called `username` (any case) if the account is neither
 * banned nor deleted, else undefined: the name a referral link's preview may show.
 */
export async function findInviterName(db: Db, username: string): Promise<string | undefined> {
  return (await firstRow(inviterQuery(db, username.toLowerCase())))?.username;
}

/** Creates the account unless one exists for that Roblox id; returns the new id or null. */
export async function insertUserOnce(
  db: Db,
  u: {
    username: string;
    displayName: string;
    robloxId: number;
    verificationCode: string;
    referredBy: number | null;
    joinedAt: string;
  },
) {
  const row = await db
    .insertInto('users')
    .values({
      username: u.username,
      username_lower: u.username.toLowerCase(),
      display_name: u.displayName,
      roblox_id: u.robloxId,
      verification_code: u.verificationCode,
      referred_by: u.referredBy,
      joined_at: u.joinedAt,
    })
    .onConflict((oc) => oc.column('roblox_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The deleted account a Roblox id had, by the id's keyed hash (`retired_roblox_ids`), if any. */
export async function deletedAccountOf(db: Db, robloxIdHash: string) {
  const row = await db
    .selectFrom('retired_roblox_ids as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.id', 'u.status'])
    .where('r.id_hash', '=', robloxIdHash)
    .where('u.deleted_at', 'is not', null)
    .executeTakeFirst();
  return row ? { id: Number(row.id), status: row.status } : undefined;
}

/** Gives a deleted account back to its Roblox account: its names and Roblox id again, live. */
export async function restoreAccount(
  db: Db,
  id: number,
  u: { username: string; displayName: string; robloxId: number; verificationCode: string },
) {
  await db
    .updateTable('users')
    .set({
      username: u.username,
      username_lower: u.username.toLowerCase(),
      display_name: u.displayName,
      roblox_id: u.robloxId,
      verification_code: u.verificationCode,
      deleted_at: null,
    })
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .execute();
}

export async function updateNames(db: Db, id: number, username: string, displayName: string) {
  await db
    .updateTable('users')
    .set({ username, username_lower: username.toLowerCase(), display_name: displayName })
    .where('id', '=', id)
    .execute();
}

/**
 * Roblox names can be given up and taken by someone else. The stale holder keeps its row, under a
 * name that can no longer collide, until it signs in again with its new name.
 */
export async function releaseNameHeldByOther(db: Db, username: string, robloxId: number) {
  await db
    .updateTable('users')
    .set({ username_lower: sql<string>`username_lower || cast(${`~${robloxId}`} as text)` })
    .where('username_lower', '=', username.toLowerCase())
    .where('roblox_id', '<>', robloxId)
    .execute();
}
