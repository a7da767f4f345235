import type { Kysely } from 'kysely';

/**
 * `users.referral_linked_at`: when a friend's account was first seen sharing a device or a sign-in
 * address with its referrer (one person's accounts). Its referral pays nothing from then on, ever
 * (ledger `payReferralCommissions`): the signals that showed the link may go later (retention, the
 * referrer's deletion), and the commission held back meanwhile must not be paid then. Null: never seen.
 *
 * `down` drops it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('referral_linked_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('referral_linked_at').execute();
}
