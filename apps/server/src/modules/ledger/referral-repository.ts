// What the referral commission reads and records of the friend, the referrer and their credits.
import { sql, type Kysely } from 'kysely';
import { firstRow, prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

const referralFactsQuery = prepared((db: Db, userId: number) =>
  db
    .selectFrom('users as f')
    .leftJoin('users as r', 'r.id', 'f.referred_by')
    .leftJoin('qualified_referrals as q', 'q.friend_id', 'f.id')
    .select([
      'f.username',
      'f.earnings',
      'f.referred_by',
      'f.verified',
      'f.referral_linked_at',
      'r.status as referrer_status',
      'r.deleted_at as referrer_deleted_at',
      'q.friend_id as qualified',
    ])
    .where('f.id', '=', userId),
);

export async function findReferralFacts(db: Db, userId: number) {
  return firstRow(referralFactsQuery(db, userId));
}

const uncommissionedCreditsQuery = prepared((db: Db, userId: number) =>
  db
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
    .orderBy('t.credit_entry_id'),
);

/**
 * The player's paid (and not reversed) offer and survey credits that carry no referral commission
 * yet: those with no ledger entry keyed `referral:<credit entry id>`.
 */
export async function uncommissionedCredits(db: Kysely<DB>, userId: number) {
  return (await uncommissionedCreditsQuery(db, userId)).rows;
}

const insertQualifiedReferralQuery = prepared((db: Db, friendId: number, referrerId: number, now: string) =>
  db
    .insertInto('qualified_referrals')
    .values({ friend_id: friendId, referrer_id: referrerId, qualified_at: now })
    .onConflict((oc) => oc.column('friend_id').doNothing())
    .returning('friend_id'),
);

/** The friend's referral counts from now: recorded once; returns whether this call recorded it. */
export async function insertQualifiedReferral(
  db: Db,
  friendId: number,
  referrerId: number,
  now: string,
): Promise<boolean> {
  return (await firstRow(insertQualifiedReferralQuery(db, friendId, referrerId, now))) !== undefined;
}

const incrementReferralsMadeQuery = prepared((db: Db, referrerId: number) =>
  db
    .updateTable('users')
    .set((eb) => ({ referrals_made: eb('referrals_made', '+', 1) }))
    .where('id', '=', referrerId),
);

export async function incrementReferralsMade(db: Db, referrerId: number): Promise<void> {
  await incrementReferralsMadeQuery(db, referrerId);
}

/** The friend's referral is one person's accounts: it never pays again (the first sighting is kept). */
export async function markReferralLinked(db: Db, friendId: number, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ referral_linked_at: now })
    .where('id', '=', friendId)
    .where('referral_linked_at', 'is', null)
    .execute();
}

/** What the commission needs of an account outside a credit: its lifetime earnings and referrer. */
export async function findEarningsAndReferrer(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['earnings', 'referred_by', 'referral_linked_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
