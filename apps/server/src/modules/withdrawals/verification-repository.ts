import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

type Db = Database | Transaction<DB>;

export async function findVerificationState(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'roblox_id', 'verified', 'verification_code'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Marks the account verified, but only while its sentence is still the one that was found in the
 * bio (a Refresh in between makes the old sentence worthless). Returns whether it applied.
 */
export async function markVerified(db: Db, userId: number, sentence: string): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ verified: 1 })
    .where('id', '=', userId)
    .where('verification_code', '=', sentence)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A new sentence, only for an account that is not verified yet. Returns whether it applied. */
export async function replaceSentence(db: Db, userId: number, sentence: string): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ verification_code: sentence })
    .where('id', '=', userId)
    .where('verified', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
