import type { Kysely } from 'kysely';
import { idColumn } from '../migration-helpers.ts';

/**
 * Races (docs/races.md): `races` holds each race, its period and its prize table (JSON tiers in
 * hundredths of R$). A repeating race's next one names it in `follows_id`, unique, so however many
 * processes start the next race, there is one. `final_at` is set once, by the one transaction that
 * fixes the results in `race_results`: the players the prize decision walked, each a winner with a
 * prize rank or excluded with the reason, and the ledger entry once the prize is paid.
 *
 * Standings count `offer_transactions` by their creation time: an index on it keeps a period's count
 * to the period's rows.
 *
 * `down` drops the tables and the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('races'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('repeat', 'text', (c) => c.notNull())
    .addColumn('prizes', 'text', (c) => c.notNull())
    .addColumn('follows_id', 'integer', (c) => c.references('races.id').unique())
    .addColumn('ended_early', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('final_at', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('races_period_idx').on('races').columns(['ends_at', 'starts_at']).execute();

  await db.schema
    .createTable('race_results')
    .addColumn('race_id', 'integer', (c) => c.notNull().references('races.id'))
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reached_at', 'text', (c) => c.notNull())
    .addColumn('prize_rank', 'integer')
    .addColumn('prize', 'integer', (c) => c.notNull())
    .addColumn('excluded', 'text')
    .addColumn('linked_to', 'text')
    .addColumn('ledger_entry_id', 'integer')
    .addPrimaryKeyConstraint('race_results_pk', ['race_id', 'place'])
    .execute();
  await db.schema.createIndex('race_results_user_idx').on('race_results').column('user_id').execute();

  await db.schema
    .createIndex('offer_transactions_created_idx')
    .on('offer_transactions')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('offer_transactions_created_idx').execute();
  await db.schema.dropTable('race_results').execute();
  await db.schema.dropTable('races').execute();
}
