import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

/**
 * PostgreSQL: the admin name search filters by prefix and lists in name order. The pattern-ops index
 * serves the filter but not the order, so with a short prefix the planner walked the unique index
 * in collation order and filtered it (62 ms a search with 100,000 players). One index in byte
 * order ("C") serves both; names hold only a-z, 0-9 and _, so byte order is name order.
 * SQLite's GLOB already used the unique index for both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index users_username_c_idx on users (username_lower collate "C")`.execute(db);
  await sql`drop index users_username_prefix_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index users_username_prefix_idx on users (username_lower text_pattern_ops)`.execute(db);
  await sql`drop index users_username_c_idx`.execute(db);
}
