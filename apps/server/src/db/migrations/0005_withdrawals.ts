import { sql, type Kysely } from 'kysely';
import { idColumn } from '../migration-helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('withdrawals'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('robux', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('gamepass_id', 'bigint', (c) => c.notNull())
    .addColumn('product_id', 'bigint')
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('seller_id', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('request_key', 'text', (c) => c.unique())
    .addColumn('ledger_entry_id', 'integer')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    // Back-off: a pending withdrawal whose purchase outcome was unclear waits until then.
    .addColumn('next_attempt_at', 'text')
    // Purchase requests actually sent (counted before sending); bounded, then needs_review.
    .addColumn('purchase_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('withdrawals_state_idx').on('withdrawals').columns(['state', 'id']).execute();
  await db.schema.createIndex('withdrawals_user_idx').on('withdrawals').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawals_ledger_idx').on('withdrawals').column('ledger_entry_id').execute();
  // The payout account can own a gamepass once: a second live withdrawal to the same pass could
  // never be bought, and "already owned" would wrongly read as paid. Refunded ones free the pass.
  await db.schema
    .createIndex('withdrawals_live_gamepass_uidx')
    .unique()
    .on('withdrawals')
    .column('gamepass_id')
    .where(sql<boolean>`state <> 'refunded'`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('withdrawals').execute();
}
