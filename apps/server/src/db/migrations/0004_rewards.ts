import type { Kysely } from 'kysely';
import { idColumn } from '../migration-helpers.ts';

// Tables of daily streak, promo codes, giveaways.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('streaks')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('last_claim_day', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('promo_codes'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('promo_redemptions')
    .addColumn('code_id', 'integer', (c) => c.notNull().references('promo_codes.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('promo_redemptions_pk', ['code_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('promo_redemptions_user_idx')
    .on('promo_redemptions')
    .column('user_id')
    .execute();

  await idColumn(db, db.schema.createTable('giveaways'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('prize', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .addColumn('winner_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('ended_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('giveaways_open_idx').on('giveaways').columns(['ended_at', 'end_at']).execute();

  await db.schema
    .createTable('giveaway_entries')
    .addColumn('giveaway_id', 'integer', (c) => c.notNull().references('giveaways.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('giveaway_entries_pk', ['giveaway_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('giveaway_entries').execute();
  await db.schema.dropTable('giveaways').execute();
  await db.schema.dropTable('promo_redemptions').execute();
  await db.schema.dropTable('promo_codes').execute();
  await db.schema.dropTable('streaks').execute();
}
