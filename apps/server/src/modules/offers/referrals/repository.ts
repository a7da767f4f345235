import { sql, type Kysely } from 'kysely';
import { firstRow, prepared } from '../../../db/prepared.ts';
import type { DB } from '../../../db/schema.ts';
import type { Db } from '../shared.ts';

const referralFactsQuery = prepared((db: Db, userId: number) =>
  db
    .selectFrom('users as f')
    .leftJoin('users as r', 'r.id', 'f.referred_by')
    .select(['f.username', 'f.earnings', 'f.referred_by', 'r.status as referrer_status'])
    .where('f.id', '=', userId),
);

export async function findReferralFacts(db: Db, userId: number) {
  return firstRow(referralFactsQuery(db, userId));
}

/**
 * The player's paid (and not reversed) offer and survey credits that carry no referral commission
 * yet: those with no ledger entry keyed `referral:<credit entry id>`.
 */
export async function uncommissionedCredits(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('offer_transactions as t')
    .select(['t.credit_entry_id', 't.amount'])
    .where('t.user_id', '=', userId)
    .where('t.state', '=', 'credited')
    .where('t.credit_entry_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ledger_entries as l')
            .select('l.id')
            .whereRef(
              'l.idempotency_key',
              '=',
              sql<string>`cast(${'referral:'} as text) || cast(${sql.ref('t.credit_entry_id')} as text)`,
            ),
        ),
      ),
    )
    .orderBy('t.credit_entry_id')
    .execute();
}

export async function findReferralCounters(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['username', 'referrals_made', 'referrals_earned'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
