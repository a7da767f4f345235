import type { Kysely } from 'kysely';

/**
 * Withdrawals an admin decides on:
 * - `in_review`: a review rule applied when it was requested; `review_reasons` says which (JSON);
 * - `held`: the player was banned before the payout; `pay_despite_ban` records an admin's "pay anyway",
 *   so that the payout worker's ban check lets that one through.
 * Both new states are text values of `state`: no existing row changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('withdrawals').addColumn('review_reasons', 'text').execute();
  await db.schema
    .alterTable('withdrawals')
    .addColumn('pay_despite_ban', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('withdrawals').dropColumn('pay_despite_ban').execute();
  await db.schema.alterTable('withdrawals').dropColumn('review_reasons').execute();
}
