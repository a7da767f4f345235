import type { Db } from '../../db/database.ts';

export async function insertLoginProof(
  db: Db,
  p: {
    tokenHash: string;
    userId: number;
    sentence: string;
    createdAt: string;
    expiresAt: string;
    sealedRobloxId?: string;
  },
) {
  await db
    .insertInto('login_proofs')
    .values({
      token_hash: p.tokenHash,
      user_id: p.userId,
      sentence: p.sentence,
      created_at: p.createdAt,
      expires_at: p.expiresAt,
      sealed_roblox_id: p.sealedRobloxId ?? null,
    })
    .execute();
}

/** An unused, unexpired proof and the account it opens (with a deleted one's Roblox id, sealed). */
export async function findLiveLoginProof(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('login_proofs as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id as proofId',
      'p.sentence',
      'p.sealed_roblox_id',
      'u.id as userId',
      'u.roblox_id',
      'u.status',
    ])
    .where('p.token_hash', '=', tokenHash)
    .where('p.used_at', 'is', null)
    .where('p.expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks the proof used; false when another request used it first (or it expired meanwhile). */
export async function useLoginProof(db: Db, proofId: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('login_proofs')
    .set({ used_at: now })
    .where('id', '=', proofId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setProtected(db: Db, userId: number, on: boolean) {
  await db
    .updateTable('users')
    .set({ protected: on ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

export async function findAccountForProtection(db: Db, userId: number) {
  return db.selectFrom('users').select(['verified', 'protected']).where('id', '=', userId).executeTakeFirst();
}

/** The session proved ownership now (a fresh bio sentence): it may act on that proof for a while. */
export async function markSessionProven(db: Db, tokenHash: string, now: string) {
  await db.updateTable('sessions').set({ proven_at: now }).where('token_hash', '=', tokenHash).execute();
}
