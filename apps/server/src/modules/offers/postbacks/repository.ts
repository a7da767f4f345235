import type { PostbackVerdict } from '@rewards/contracts';
import { sql, type Compilable, type SqlBool } from 'kysely';
import { groupedLookup } from '../../../db/grouped-calls.ts';
import { firstRow, prepared } from '../../../db/prepared.ts';
import type { Db } from '../../../db/database.ts';
import { countPostback } from '../../economics/index.ts';
import type { PostingRecord } from '../../ledger/index.ts';

/** A postback's record before its verdict is known. */
export interface NewPostbackBase {
  wallSlug: string;
  transId: string | null;
  userId: number | null;
  action: 'credit' | 'reversal' | null;
  params: string;
  signature: string | null;
  rawUrl: string | null;
  ip: string | null;
  /** Hundredths of R$. */
  amount: number | null;
  reason: string | null;
  /** The USD payout the provider reported, in millionths; null or left out when it sent none. */
  usdMicros?: number | null;
}

export interface NewPostback extends NewPostbackBase {
  verdict: PostbackVerdict;
  ledgerEntryId: number | null;
  createdAt: string;
}

/** A postback's row, as `postbackRecord` takes it (its ledger entry aside). */
type PostbackValues = [
  wallSlug: string,
  transId: string | null,
  userId: number | null,
  action: NewPostback['action'],
  params: string,
  signature: string | null,
  rawUrl: string | null,
  ip: string | null,
  verdict: PostbackVerdict,
  amount: number | null,
  reason: string | null,
  createdAt: string,
  usdMicros: number | null,
];

export const postbackValues = (p: NewPostback): PostbackValues => [
  p.wallSlug,
  p.transId,
  p.userId,
  p.action,
  p.params,
  p.signature,
  p.rawUrl,
  p.ip,
  p.verdict,
  p.amount,
  p.reason,
  p.createdAt,
  p.usdMicros ?? null,
];

/**
 * The postback's row, noting the ledger entry it moved: a record of its credit's posting (ledger
 * `creditWhen`), or, written alone, of any verdict (`insertPostback`).
 */
export const postbackRecord: PostingRecord<PostbackValues> = (
  db,
  entryId,
  applied,
  wallSlug,
  transId,
  userId,
  action,
  params,
  signature,
  rawUrl,
  ip,
  verdict,
  amount,
  reason,
  createdAt,
  usdMicros,
) =>
  db
    .insertInto('postbacks')
    .columns([
      'wall_slug',
      'trans_id',
      'user_id',
      'action',
      'params',
      'signature',
      'raw_url',
      'ip',
      'verdict',
      'amount',
      'reason',
      'ledger_entry_id',
      'created_at',
      'usd_micros',
    ])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.val(wallSlug).as('wall_slug'),
          eb.val(transId).as('trans_id'),
          eb.val(userId).as('user_id'),
          eb.val(action).as('action'),
          eb.val(params).as('params'),
          eb.val(signature).as('signature'),
          eb.val(rawUrl).as('raw_url'),
          eb.val(ip).as('ip'),
          eb.val(verdict).as('verdict'),
          eb.val(amount).as('amount'),
          eb.val(reason).as('reason'),
          sql<number | null>`${entryId}`.as('ledger_entry_id'),
          eb.val(createdAt).as('created_at'),
          eb.val(usdMicros).as('usd_micros'),
        ])
        .where(applied),
    )
    .returning('id');

const insertPostbackQuery = prepared(
  (db: Db, ledgerEntryId: number | null, ...v: PostbackValues) =>
    postbackRecord(db, sql.val(ledgerEntryId), sql<SqlBool>`1 = 1`, ...v) as Compilable<{ id: number }>,
);

/** The postback's row and its wall's figures, in the caller's transaction. */
export async function insertPostback(db: Db, p: NewPostback): Promise<number> {
  const row = await firstRow(insertPostbackQuery(db, p.ledgerEntryId, ...postbackValues(p)));
  // In the caller's transaction, with the money the postback moved.
  await countPostback(db, { ...p, usdMicros: p.usdMicros ?? null });
  return row!.id;
}

export async function findPostbackById(db: Db, id: number) {
  return db.selectFrom('postbacks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Newest first, for the admin console. */
export async function listPostbacks(
  db: Db,
  opts: { limit: number; beforeId?: number; wallSlug?: string; verdict?: PostbackVerdict },
) {
  let q = db.selectFrom('postbacks').selectAll();
  if (opts.beforeId) q = q.where('id', '<', opts.beforeId);
  if (opts.wallSlug) q = q.where('wall_slug', '=', opts.wallSlug);
  if (opts.verdict) q = q.where('verdict', '=', opts.verdict);
  return q.orderBy('id', 'desc').limit(opts.limit).execute();
}

const userForPostbackQuery = prepared((db: Db, robloxId: number) =>
  db.selectFrom('users').select(['id', 'status']).where('roblox_id', '=', robloxId),
);

const usersForPostbackQuery = prepared((db: Db, robloxIds: number[]) =>
  db
    .selectFrom('users')
    .select(['id', 'status', 'roblox_id'])
    .where('roblox_id', '=', sql<number>`any(${robloxIds})`),
);

/** The account a postback names; on PostgreSQL those of one moment are read in one query. */
export const findUserForPostback = groupedLookup(
  (robloxId: number) => robloxId,
  (db: Db, robloxId) => firstRow(userForPostbackQuery(db, robloxId)),
  async (db, robloxIds) =>
    (await usersForPostbackQuery(db, robloxIds)).rows.map(({ roblox_id, ...row }) => ({
      key: Number(roblox_id),
      row,
    })),
);

const retiredRobloxIdQuery = prepared((db: Db, idHash: string) =>
  db.selectFrom('retired_roblox_ids').select('id_hash').where('id_hash', '=', idHash),
);

/** Whether a Roblox id, as its keyed hash, had an account that was deleted since. */
export async function isRetiredRobloxId(db: Db, idHash: string): Promise<boolean> {
  return (await firstRow(retiredRobloxIdQuery(db, idHash))) !== undefined;
}

/**
 * Keeps a deleted account's Roblox id as its keyed hash, with the account (once per id: an id retired
 * before the account was kept with it gets it now).
 */
export async function insertRetiredRobloxId(db: Db, idHash: string, userId: number): Promise<void> {
  await db
    .insertInto('retired_roblox_ids')
    .values({ id_hash: idHash, user_id: userId })
    .onConflict((oc) => oc.column('id_hash').doUpdateSet({ user_id: userId }))
    .execute();
}

export async function findUserStatus(db: Db, userId: number) {
  return db.selectFrom('users').select(['status', 'deleted_at']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Moves a held postback to the admin's decision, once: the row, or undefined when it is not held
 * (any more). Row-locked on PostgreSQL until the transaction ends.
 */
export async function decideHeld(db: Db, id: number, verdict: 'approved' | 'rejected', reason: string) {
  return db
    .updateTable('postbacks')
    .set({ verdict, reason })
    .where('id', '=', id)
    .where('verdict', '=', 'held')
    .returningAll()
    .executeTakeFirst();
}

/** An earlier postback of the same transaction that staff rejected, if any (the newest). */
export async function earlierRejection(db: Db, wallSlug: string, transId: string, beforeId: number) {
  return db
    .selectFrom('postbacks')
    .select('id')
    .where('wall_slug', '=', wallSlug)
    .where('trans_id', '=', transId)
    .where('verdict', '=', 'rejected')
    .where('id', '<', beforeId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function setPostbackLedgerEntry(db: Db, id: number, ledgerEntryId: number | null) {
  await db.updateTable('postbacks').set({ ledger_entry_id: ledgerEntryId }).where('id', '=', id).execute();
}

/**
 * Removes up to `limit` postbacks older than `before` that moved no money and wait for nobody: the
 * verdicts given, and no ledger entry. Returns how many.
 */
export async function deleteOldPostbacks(
  db: Db,
  before: string,
  verdicts: readonly PostbackVerdict[],
  limit: number,
): Promise<number> {
  const victims = db
    .selectFrom('postbacks')
    .select('id')
    .where('created_at', '<', before)
    .where('ledger_entry_id', 'is', null)
    .where('verdict', 'in', verdicts)
    .limit(limit);
  const result = await db.deleteFrom('postbacks').where('id', 'in', victims).executeTakeFirst();
  return Number(result.numDeletedRows);
}
