import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

/**
 * Payouts as Roblox really makes them:
 * - `withdrawals.method`: `gamepass` (the payout account buys the player's gamepass) or `group` (the
 *   group pays the player from its funds). A group payout has no gamepass, so `gamepass_id` may be null;
 *   `seller_id` is the Roblox account that receives the Robux either way, and `price` what the payout
 *   side pays (the gamepass price, or the amount itself for a group payout);
 * - `payout_ref`: the Roblox transaction a group payout was found as (unique), so one transaction can
 *   never settle two withdrawals;
 * - one live group payout per player at a time, so an unclear answer can be told apart from the last one;
 * - `payout_account`: one row with the account's health (`ok` / `needs_attention` and why), the cookie
 *   an admin stored (encrypted), and the Robux last read (balance, group funds) with when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table withdrawals alter column gamepass_id drop not null`.execute(db);
  } else {
    await rebuildSqliteWithdrawalsWithNullableGamepass(db);
  }
  await db.schema
    .alterTable('withdrawals')
    .addColumn('method', 'text', (c) => c.notNull().defaultTo('gamepass'))
    .execute();
  await db.schema.alterTable('withdrawals').addColumn('payout_ref', 'text').execute();
  await db.schema
    .createIndex('withdrawals_payout_ref_uidx')
    .unique()
    .on('withdrawals')
    .column('payout_ref')
    .where(sql<boolean>`payout_ref is not null`)
    .execute();
  await db.schema
    .createIndex('withdrawals_live_group_uidx')
    .unique()
    .on('withdrawals')
    .column('user_id')
    .where(sql<boolean>`method = 'group' and state not in ('paid', 'refunded')`)
    .execute();

  await db.schema
    .createTable('payout_account')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ok'))
    .addColumn('reason', 'text')
    .addColumn('since', 'text')
    .addColumn('alerted_at', 'text')
    .addColumn('cookie_sealed', 'text')
    .addColumn('cookie_updated_at', 'text')
    .addColumn('robux', 'bigint')
    .addColumn('robux_read_at', 'text')
    .addColumn('group_funds', 'bigint')
    .addColumn('group_funds_read_at', 'text')
    .addColumn('read_error', 'text')
    .addColumn('funds_pause', 'text')
    .execute();
  await db.insertInto('payout_account').values({ id: 1, status: 'ok' }).execute();
}

/**
 * SQLite cannot drop a NOT NULL: the table is made again from its own definition without it, the
 * rows copied, and its indexes made again (SQLite's documented twelve-step procedure; no table refers
 * to withdrawals, so no foreign key is in the way).
 */
async function rebuildSqliteWithdrawalsWithNullableGamepass(db: Kysely<any>) {
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'withdrawals'`.execute(db);
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'withdrawals' and sql is not null`.execute(
    db,
  );
  const create = table.rows[0]!.sql;
  const relaxed = create.replace(/("gamepass_id" bigint) not null/i, '$1');
  if (relaxed === create) throw new Error('migration 0011: gamepass_id column not found as expected');
  await sql
    .raw(relaxed.replace(/create table "withdrawals"/i, 'create table "withdrawals_next"'))
    .execute(db);
  await sql`insert into withdrawals_next select * from withdrawals`.execute(db);
  await sql`drop table withdrawals`.execute(db);
  await sql`alter table withdrawals_next rename to withdrawals`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payout_account').execute();
  await db.schema.dropIndex('withdrawals_live_group_uidx').execute();
  await db.schema.dropIndex('withdrawals_payout_ref_uidx').execute();
  await db.schema.alterTable('withdrawals').dropColumn('payout_ref').execute();
  await db.schema.alterTable('withdrawals').dropColumn('method').execute();
}
