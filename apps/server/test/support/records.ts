import type { Insertable } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import type { DB, LedgerKind } from '../../src/db/schema.ts';

/** The audit log's rows for an action (e.g. 'promocode.create') or a target (e.g. 'withdrawal:7'), oldest first. */
export function auditRows(db: Database, where: { action: string } | { target: string }) {
  const [column, value] =
    'action' in where ? (['action', where.action] as const) : (['target', where.target] as const);
  return db.selectFrom('audit_log').selectAll().where(column, '=', value).orderBy('id').execute();
}

/** The ledger entries stored under an idempotency key (there is at most one). */
export function ledgerEntriesWithKey(db: Database, key: string) {
  return db.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', key).execute();
}

/**
 * The ledger entries of a player (by site id or username), of a kind and with keys like `keyLike` (SQL
 * LIKE): those given; oldest first, or by idempotency key when `orderBy` says so.
 */
export function ledgerEntries(
  db: Database,
  where: { userId?: number; username?: string; kind?: LedgerKind; keyLike?: string },
  orderBy: 'id' | 'idempotency_key' = 'id',
) {
  let q = db.selectFrom('ledger_entries').selectAll();
  if (where.userId !== undefined) q = q.where('user_id', '=', where.userId);
  if (where.username !== undefined) {
    const named = db.selectFrom('users').select('id').where('username', '=', where.username);
    q = q.where('user_id', 'in', named);
  }
  if (where.kind !== undefined) q = q.where('kind', '=', where.kind);
  if (where.keyLike !== undefined) q = q.where('idempotency_key', 'like', where.keyLike);
  return q.orderBy(orderBy).execute();
}

/** The postbacks stored for a transaction id (any verdict), on the wall `slug` when given; oldest first. */
export function postbackRows(db: Database, where: { trans: string; slug?: string }) {
  let q = db.selectFrom('postbacks').selectAll().where('trans_id', '=', where.trans);
  if (where.slug !== undefined) q = q.where('wall_slug', '=', where.slug);
  return q.orderBy('id').execute();
}

/** How many rows of `table` have `column` = `value`. */
export async function countRows<T extends keyof DB & string>(
  db: Database,
  table: T,
  column: keyof DB[T] & string,
  value: string | number,
): Promise<number> {
  const row = await db
    .selectFrom(table as 'postbacks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column as 'wall_slug', '=', value as string)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many rows `table` has. */
export async function rowCount(db: Database, table: keyof DB & string): Promise<number> {
  const row = await db
    .selectFrom(table as 'users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A used proof of ownership (bio sentence) and a finished Sign in with Roblox attempt of the player's,
 * named after `tag` (`<tag>-proof-hash`, `<tag>-state`…), at minutes 8 to 20 of `at`.
 */
export async function insertSignInTraces(
  db: Database,
  userId: number,
  tag: string,
  at: (minute: number) => string,
): Promise<void> {
  await db
    .insertInto('login_proofs')
    .values({
      token_hash: `${tag}-proof-hash`,
      user_id: userId,
      sentence: `${tag} sentence`,
      created_at: at(8),
      expires_at: at(18),
      used_at: at(9),
    })
    .execute();
  await db
    .insertInto('oauth_flows')
    .values({
      state: `${tag}-state`,
      code_verifier: `${tag}-verifier`,
      nonce: `${tag}-nonce`,
      ref: null,
      session_hash: null,
      created_at: at(10),
      expires_at: at(20),
      used_at: at(11),
      user_id: userId,
      finish_hash: `${tag}-finish-hash`,
      finished_at: at(11),
    })
    .execute();
}

/** A moment of the tests' day, 2 March 2026 at 10:`minute` UTC, as stored. */
export const atMinute = (minute: number) => new Date(Date.UTC(2026, 2, 2, 10, minute)).toISOString();

/**
 * A withdrawal row written straight into the database, for tests about what is kept of one: by
 * default R$10 paid for a gamepass, made at minute 6 and paid at minute 7 of the tests' day; `row`
 * overrides any column.
 */
export function insertWithdrawalRow(
  db: Database,
  userId: number,
  row: Partial<Insertable<DB['withdrawals']>> = {},
): Promise<{ id: number }> {
  return db
    .insertInto('withdrawals')
    .values({
      user_id: userId,
      robux: 10,
      amount: 1000,
      gamepass_id: 500_000 + userId,
      product_id: 600_000 + userId,
      price: 15,
      seller_id: 1,
      state: 'paid',
      created_at: atMinute(6),
      updated_at: atMinute(7),
      paid_at: atMinute(7),
      ...row,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * A giveaway row written straight into the database: by default "Spring", R$5, made at minute 1 and
 * ending at minute 30 of the tests' day; `row` overrides any column.
 */
export function insertGiveawayRow(
  db: Database,
  row: Partial<Insertable<DB['giveaways']>> = {},
): Promise<{ id: number }> {
  return db
    .insertInto('giveaways')
    .values({
      title: 'Spring',
      description: 'R$5',
      prize: 500,
      end_at: atMinute(30),
      created_at: atMinute(1),
      ...row,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
