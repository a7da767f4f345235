import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

export async function findCodeByName(db: Db, code: string) {
  return db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function findCodeById(db: Db, id: number) {
  return db.selectFrom('promo_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function hasRedeemed(db: Db, codeId: number, userId: number) {
  const row = await db
    .selectFrom('promo_redemptions')
    .select('code_id')
    .where('code_id', '=', codeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Takes one use of the code, only while it is active, unexpired and under its limit. The condition
 * and the increment are one statement, so concurrent redemptions can never pass the limit.
 */
export async function takeUse(db: Db, codeId: number, now: string) {
  const result = await db
    .updateTable('promo_codes')
    .set({ uses: sql`uses + 1` })
    .where('id', '=', codeId)
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records that the user redeemed the code; false when they already had (the pair is unique). */
export async function insertRedemptionOnce(db: Db, codeId: number, userId: number, at: string) {
  const row = await db
    .insertInto('promo_redemptions')
    .values({ code_id: codeId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['code_id', 'user_id']).doNothing())
    .returning('code_id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertCode(
  db: Db,
  c: { code: string; amount: number; maxUses: number | null; expiresAt: string | null; createdAt: string },
) {
  return db
    .insertInto('promo_codes')
    .values({
      code: c.code,
      amount: c.amount,
      max_uses: c.maxUses,
      expires_at: c.expiresAt,
      active: 1,
      created_at: c.createdAt,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function setActive(db: Db, id: number, active: boolean) {
  return db
    .updateTable('promo_codes')
    .set({ active: active ? 1 : 0 })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function listCodes(db: Db) {
  return db.selectFrom('promo_codes').selectAll().orderBy('id', 'desc').execute();
}
