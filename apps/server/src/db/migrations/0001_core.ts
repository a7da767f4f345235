import type { Kysely } from 'kysely';
import { idColumn } from '../migration-helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('users'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_lower', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('roblox_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('earnings', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verification_code', 'text')
    .addColumn('offers_completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('referred_by', 'integer', (c) => c.references('users.id'))
    .addColumn('referrals_made', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('referrals_earned', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_earnings_idx').on('users').columns(['earnings']).execute();
  await db.schema.createIndex('users_joined_at_idx').on('users').column('joined_at').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await idColumn(db, db.schema.createTable('ledger_entries'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('meta', 'text')
    .execute();
  await db.schema
    .createIndex('ledger_user_created_idx')
    .on('ledger_entries')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema.createIndex('ledger_created_idx').on('ledger_entries').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
