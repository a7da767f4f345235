import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/*
 * The writes of an account deletion, all scoped to the one player. The rows that record
 * money (ledger entries, withdrawals, offer transactions) stay for the operator's accounting; what
 * names the player in them is rewritten.
 */

/** A withdrawal in these states still moves Robux or R$: the account must wait until it settles. */
export const IN_FLIGHT_STATES = ['pending', 'purchasing', 'in_review', 'held', 'needs_review'] as const;

export function deletableAccount(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'roblox_id', 'balance', 'protected', 'deleted_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function hasWithdrawalInFlight(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .where('state', 'in', IN_FLIGHT_STATES)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The account keeps its id, its ledger and counters (its balance was forfeited) and whether typing
 * its name needs proof; its name becomes `deleted-<id>` and its Roblox id `-<id>`, which no Roblox
 * account has. The Roblox account signing up again gets it back (`retired_roblox_ids`).
 */
export async function pseudonymiseUser(db: Db, userId: number, at: string) {
  const pseudonym = `deleted-${userId}`;
  await db
    .updateTable('users')
    .set({
      username: pseudonym,
      username_lower: pseudonym,
      display_name: pseudonym,
      roblox_id: -userId,
      verification_code: null,
      deleted_at: at,
    })
    .where('id', '=', userId)
    .execute();
}

/** Sessions (the player's sign-ins, and the Sign in with Roblox attempts and bio proofs behind them). */
export async function deleteSignInRecords(db: Db, userId: number) {
  const sessionHashes = db.selectFrom('sessions').select('token_hash').where('user_id', '=', userId);
  await db
    .deleteFrom('oauth_flows')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('session_hash', 'in', sessionHashes)]))
    .execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('login_proofs').where('user_id', '=', userId).execute();
  await db.deleteFrom('sign_in_signals').where('user_id', '=', userId).execute();
  await db.deleteFrom('linked_users').where('user_id', '=', userId).execute();
}

/** The Roblox account that received the player's payouts: 0, "nobody", as the column cannot be null. */
export async function forgetPayoutRecipient(db: Db, userId: number, robloxId: number) {
  await db
    .updateTable('withdrawals')
    .set({ seller_id: 0 })
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('seller_id', '=', robloxId)]))
    .execute();
}

/** The free-text columns that may quote a player's name or Roblox id (descriptions, JSON, URLs). */
export const TEXT_COLUMNS = {
  ledger_entries: ['description', 'meta', 'params'],
  offer_transactions: ['description'],
  withdrawals: ['last_error', 'review_reasons'],
  postbacks: ['params', 'raw_url', 'reason'],
  audit_log: ['before', 'after'],
} as const;
export type TextTable = keyof typeof TEXT_COLUMNS;
/** The column that says whose row it is: a player's id, or the audit row's target (`user:<id>`). */
const OWNER_COLUMN: Record<TextTable, string> = {
  ledger_entries: 'user_id',
  offer_transactions: 'user_id',
  withdrawals: 'user_id',
  postbacks: 'user_id',
  audit_log: 'target',
};
/** A row's id, whose row it is (`owner`, as text), and its text columns. */
type TextRow = { id: number; owner: string | null } & Record<string, string | null>;

/**
 * Rows of `table` whose text columns contain any of `needles` (lower case; a superset: `_` matches any
 * character), with whose row each is.
 */
export async function rowsMentioning(
  db: Db,
  table: TextTable,
  needles: readonly string[],
): Promise<TextRow[]> {
  const columns = TEXT_COLUMNS[table];
  const matches = columns.flatMap((column) =>
    needles.map((needle) => sql`lower(${sql.ref(column)}) like ${`%${needle}%`}`),
  );
  const owner = sql`cast(${sql.ref(OWNER_COLUMN[table])} as text)`.as('owner');
  const { rows } =
    await sql<TextRow>`select ${sql.join([sql.ref('id'), owner, ...columns.map((c) => sql.ref(c))])}
    from ${sql.table(table)} where ${sql.join(matches, sql` or `)}`.execute(db);
  return rows;
}

export async function rewriteText(
  db: Db,
  table: TextTable,
  id: number,
  values: Record<string, string | null>,
) {
  const sets = Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  if (sets.length === 0) return;
  await sql`update ${sql.table(table)} set ${sql.join(sets)} where id = ${id}`.execute(db);
}
