import type { PostbackVerdict } from '@rewards/contracts';
import { firstRow, prepared } from '../../../db/prepared.ts';
import type { Db } from '../shared.ts';

export interface NewPostback {
  wallSlug: string;
  transId: string | null;
  userId: number | null;
  action: 'credit' | 'reversal' | null;
  params: string;
  signature: string | null;
  ip: string | null;
  verdict: PostbackVerdict;
  ledgerEntryId: number | null;
  createdAt: string;
}

const insertPostbackQuery = prepared(
  (
    db: Db,
    wallSlug: string,
    transId: string | null,
    userId: number | null,
    action: NewPostback['action'],
    params: string,
    signature: string | null,
    ip: string | null,
    verdict: PostbackVerdict,
    ledgerEntryId: number | null,
    createdAt: string,
  ) =>
    db
      .insertInto('postbacks')
      .values({
        wall_slug: wallSlug,
        trans_id: transId,
        user_id: userId,
        action,
        params,
        signature,
        ip,
        verdict,
        ledger_entry_id: ledgerEntryId,
        created_at: createdAt,
      })
      .returning('id'),
);

export async function insertPostback(db: Db, p: NewPostback): Promise<number> {
  const row = await firstRow(
    insertPostbackQuery(
      db,
      p.wallSlug,
      p.transId,
      p.userId,
      p.action,
      p.params,
      p.signature,
      p.ip,
      p.verdict,
      p.ledgerEntryId,
      p.createdAt,
    ),
  );
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

export async function findUserForPostback(db: Db, robloxId: number) {
  return firstRow(userForPostbackQuery(db, robloxId));
}
