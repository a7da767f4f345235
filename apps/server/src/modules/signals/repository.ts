import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import { advisoryTransactionLock } from '../../db/engine-sql.ts';
import type { DB } from '../../db/schema.ts';
import type { SignalKind } from '../../db/tables/signals.ts';

/** One signal value of a sign-in: its kind and keyed hash. */
export interface SignalValue {
  kind: SignalKind;
  hash: string;
}

export async function findSecret(db: Db, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

/** Stores the secret, replacing one of that name. */
export async function replaceSecret(db: Db, name: string, value: string, now: string): Promise<void> {
  await db
    .insertInto('server_secrets')
    .values({ name, value, created_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, created_at: now }))
    .execute();
}

/** Stores the secret unless one of that name exists (another process made it first): that one wins. */
export async function insertSecretOnce(db: Db, name: string, value: string, now: string): Promise<void> {
  await db
    .insertInto('server_secrets')
    .values({ name, value, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * PostgreSQL: one sign-in at a time per signal value, until the transaction ends (SQLite runs one
 * writer at a time anyway). The device limit's count and the linked marks then see every earlier
 * sign-in of that device or address. Callers lock in one order (device, then address): no deadlock.
 */
export async function lockSignal(trx: Kysely<DB>, value: SignalValue): Promise<void> {
  await advisoryTransactionLock(trx, `signal:${value.kind}:${value.hash}`);
}

/** How many accounts were created by sign-ins with this value. */
export async function countCreatedAccounts(db: Db, value: SignalValue): Promise<number> {
  const row = await db
    .selectFrom('sign_in_signals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', value.kind)
    .where('value_hash', '=', value.hash)
    .where('created_account', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** First sign-in of the account with this value: a row; later ones: its last time and count. */
export async function upsertSignal(
  db: Db,
  s: SignalValue & { userId: number; now: string; createdAccount: boolean },
): Promise<void> {
  await db
    .insertInto('sign_in_signals')
    .values({
      user_id: s.userId,
      kind: s.kind,
      value_hash: s.hash,
      first_seen_at: s.now,
      last_seen_at: s.now,
      sign_ins: 1,
      created_account: s.createdAccount ? 1 : 0,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind', 'value_hash']).doUpdateSet({
        last_seen_at: s.now,
        sign_ins: sql`sign_in_signals.sign_ins + 1`,
      }),
    )
    .execute();
}

/** Rows of other accounts with one of these values. */
function othersWith(db: Db, userId: number, values: readonly SignalValue[]) {
  return db
    .selectFrom('sign_in_signals as s')
    .where('s.user_id', '<>', userId)
    .where((eb) =>
      eb.or(values.map((v) => eb.and([eb('s.kind', '=', v.kind), eb('s.value_hash', '=', v.hash)]))),
    );
}

export async function anotherAccountShares(db: Db, userId: number, values: readonly SignalValue[]) {
  if (values.length === 0) return false;
  const row = await othersWith(db, userId, values).select('s.user_id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Accounts with one of these values (other than `userId`) not marked linked yet, at most 1,000 (a
 * value shared that widely has its other accounts marked by the next sign-ins with it).
 */
export async function unmarkedAccountsSharing(db: Db, userId: number, values: readonly SignalValue[]) {
  if (values.length === 0) return [];
  const rows = await othersWith(db, userId, values)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('linked_users as l').select('l.user_id').whereRef('l.user_id', '=', 's.user_id')),
      ),
    )
    .select('s.user_id')
    .distinct()
    .limit(1000)
    .execute();
  return rows.map((r) => Number(r.user_id));
}

export async function isMarkedLinked(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('linked_users')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks accounts linked, in id order (concurrent marks then wait for each other instead of deadlocking). */
export async function markLinked(db: Db, userIds: readonly number[], now: string): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await db
    .insertInto('linked_users')
    .values(ids.map((id) => ({ user_id: id, linked_at: now })))
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** An account's signal rows (`s`), each beside another account's row of the same value (`o`, of user `u`). */
const sharedWithOthers = (db: Db) =>
  db
    .selectFrom('sign_in_signals as s')
    .innerJoin('sign_in_signals as o', (join) =>
      join
        .onRef('o.kind', '=', 's.kind')
        .onRef('o.value_hash', '=', 's.value_hash')
        .onRef('o.user_id', '<>', 's.user_id'),
    )
    .innerJoin('users as u', 'u.id', 'o.user_id');

/**
 * The other accounts that share a signal value with `userId`: one row per (account, value), most
 * recently seen first, at most `limit`.
 */
export async function sharedSignalRows(db: Db, userId: number, limit: number) {
  const rows = await sharedWithOthers(db)
    .select([
      'o.user_id',
      'o.kind',
      's.first_seen_at as mine_first',
      's.last_seen_at as mine_last',
      'o.first_seen_at as theirs_first',
      'o.last_seen_at as theirs_last',
      'u.username',
      'u.roblox_id',
      'u.status',
      'u.verified',
    ])
    .where('s.user_id', '=', userId)
    .orderBy('o.last_seen_at', 'desc')
    .orderBy('o.user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id), roblox_id: Number(r.roblox_id) }));
}

/** SQLite takes at most 32,766 values in one statement: the accounts are read in slices. */
const IDS_PER_READ = 10_000;

/** The recorded sign-in values (kind and keyed hash) of these accounts, one row per account and value. */
export async function signalsOfUsers(db: Kysely<DB>, ids: readonly number[]) {
  const rows: { user_id: number; kind: SignalKind; value_hash: string }[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_READ) {
    const slice = ids.slice(i, i + IDS_PER_READ);
    rows.push(
      ...(await db
        .selectFrom('sign_in_signals')
        .select(['user_id', 'kind', 'value_hash'])
        .where('user_id', 'in', slice)
        .execute()),
    );
  }
  return rows;
}

/** Whether two accounts share a device or a sign-in address. */
export async function shareASignal(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_signals as s')
    .innerJoin('sign_in_signals as o', (join) =>
      join.onRef('o.kind', '=', 's.kind').onRef('o.value_hash', '=', 's.value_hash'),
    )
    .select('s.user_id')
    .where('s.user_id', '=', a)
    .where('o.user_id', '=', b)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the account shares a device or a sign-in address with a banned account. */
export async function sharesWithBanned(db: Db, userId: number): Promise<boolean> {
  const row = await sharedWithOthers(db)
    .select('o.user_id')
    .where('s.user_id', '=', userId)
    .where('u.status', '=', 'banned')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a banned account other than `userId` signed in with one of these values. */
export async function valuesUsedByBanned(
  db: Db,
  userId: number,
  values: readonly SignalValue[],
): Promise<boolean> {
  if (values.length === 0) return false;
  const row = await db
    .selectFrom('sign_in_signals as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select('o.user_id')
    .where((eb) =>
      eb.or(values.map((v) => eb.and([eb('o.kind', '=', v.kind), eb('o.value_hash', '=', v.hash)]))),
    )
    .where('o.user_id', '<>', userId)
    .where('u.status', '=', 'banned')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's referrer and how it was attributed, if it has one. */
export async function findReferrer(db: Db, userId: number) {
  return db
    .selectFrom('users as f')
    .innerJoin('users as r', 'r.id', 'f.referred_by')
    .select(['r.id', 'r.username', 'f.referral_via'])
    .where('f.id', '=', userId)
    .executeTakeFirst();
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
