import type { PostbackVerdict } from '@rewards/contracts';
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

export async function insertPostback(db: Db, p: NewPostback): Promise<number> {
  const row = await db
    .insertInto('postbacks')
    .values({
      wall_slug: p.wallSlug,
      trans_id: p.transId,
      user_id: p.userId,
      action: p.action,
      params: p.params,
      signature: p.signature,
      ip: p.ip,
      verdict: p.verdict,
      ledger_entry_id: p.ledgerEntryId,
      created_at: p.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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

export async function findUserForPostback(db: Db, robloxId: number) {
  return db.selectFrom('users').select(['id', 'status']).where('roblox_id', '=', robloxId).executeTakeFirst();
}
