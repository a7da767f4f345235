import type { Kysely } from 'kysely';
import { idColumn } from '../migration-helpers.ts';

/**
 * Accounts nobody else can use:
 * - `users.protected`: signing in by typing the name does not open the account; it needs proof;
 * - `sessions.proof` (`name`, `bio` or `roblox`: how the session was opened) and `user_agent`, so a
 *   player can list their sessions and sign the others out;
 * - `login_proofs`: a fresh bio sentence handed to whoever asks to open a protected account, checked on
 *   the spot, usable once;
 * - `oauth_flows`: one Sign in with Roblox attempt (state, PKCE verifier, nonce, the page's ref), used once;
 * - `staff`: named staff members (Argon2id password, optional TOTP with hashed recovery codes, role);
 *   `admin_sessions.staff_id` names who signed in (null: the ADMIN_PASSWORD bootstrap owner);
 * - `staff_login_failures`: wrong staff sign-ins per account and address, shared by every process.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('protected', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sessions').addColumn('proof', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();

  await idColumn(db, db.schema.createTable('login_proofs'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('sentence', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('oauth_flows')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('ref', 'text')
    /** `sign_in`, or `unprotect` (proof to turn protection off, for the session in `session_hash`). */
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('sign_in'))
    .addColumn('session_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await idColumn(db, db.schema.createTable('staff'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_lower', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recovery_codes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'text')
    .execute();
  await db.schema.alterTable('admin_sessions').addColumn('staff_id', 'integer').execute();

  await idColumn(db, db.schema.createTable('staff_login_failures'))
    .addColumn('username_lower', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_login_failures_user_idx')
    .on('staff_login_failures')
    .columns(['username_lower', 'at'])
    .execute();
  await db.schema
    .createIndex('staff_login_failures_ip_idx')
    .on('staff_login_failures')
    .columns(['ip', 'at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_login_failures').execute();
  await db.schema.alterTable('admin_sessions').dropColumn('staff_id').execute();
  await db.schema.dropTable('staff').execute();
  await db.schema.dropTable('oauth_flows').execute();
  await db.schema.dropTable('login_proofs').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('proof').execute();
  await db.schema.alterTable('users').dropColumn('protected').execute();
}
