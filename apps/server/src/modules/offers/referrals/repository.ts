import type { Db } from '../../../db/database.ts';

export async function findReferralCounters(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['username', 'referrals_made', 'referrals_earned'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
