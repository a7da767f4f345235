import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';
import { idColumn } from '../migration-helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admin_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text')
    .execute();

  await idColumn(db, db.schema.createTable('audit_log'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();

  // Admin name search is a prefix match. SQLite's GLOB uses the unique index on username_lower as is;
  // PostgreSQL needs a pattern-ops index for LIKE whatever the database's collation.
  if (isPostgres(db)) {
    await sql`create index users_username_prefix_idx on users (username_lower text_pattern_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('admin_sessions').execute();
}
