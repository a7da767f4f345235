import { sql, type Kysely } from 'kysely';

/**
 * Linked accounts and real referrals:
 * - `sign_in_signals`: per account, the keyed hashes of the device ids and addresses it signed in with;
 * - `linked_users`: accounts sharing a signal with another account (the admin's filter);
 * - `qualified_referrals`: referrals that count (friend verified, earned R$1, not linked);
 * - `server_secrets`: the random key the signals are hashed with, made once.
 *
 * `referrals_made` is recounted as the referrals whose friend is verified and has earned R$1 (the rows
 * it had counted were every sign-up through a link, and nothing tells which of those were linked).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_signals')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value_hash', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('sign_ins', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_account', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sign_in_signals_pk', ['user_id', 'kind', 'value_hash'])
    .execute();
  // Who else used this device or address: the linked-accounts lookups and the device limit.
  await db.schema
    .createIndex('sign_in_signals_value_idx')
    .on('sign_in_signals')
    .columns(['kind', 'value_hash', 'user_id'])
    .execute();

  await db.schema
    .createTable('linked_users')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('linked_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('qualified_referrals')
    .addColumn('friend_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('referrer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('qualified_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('qualified_referrals_referrer_idx')
    .on('qualified_referrals')
    .column('referrer_id')
    .execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  await sql`
    insert into qualified_referrals (friend_id, referrer_id, qualified_at)
    select id, referred_by, ${now} from users
    where referred_by is not null and verified = 1 and earnings >= 100`.execute(db);
  await sql`
    update users set referrals_made =
      (select count(*) from qualified_referrals q where q.referrer_id = users.id)
    where referrals_made <> (select count(*) from qualified_referrals q where q.referrer_id = users.id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
  await db.schema.dropTable('qualified_referrals').execute();
  await db.schema.dropTable('linked_users').execute();
  await db.schema.dropTable('sign_in_signals').execute();
}
