import type { Kysely } from 'kysely';

/**
 * `economics_settled`: one row whose `version` moves with every transaction that changes
 * `economics_days` (the rollup moving settled quarter hours into their days). A process keeps the day
 * rows it has read and reads them again only when the version moved (modules/economics/rollup.ts).
 *
 * `down` drops the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('economics_settled')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('economics_settled').values({ id: 1, version: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('economics_settled').execute();
}
