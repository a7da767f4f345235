import type { Database, Db } from '../../db/database.ts';
import { auditActor } from './actor.ts';

export interface AuditRecord {
  actor: string;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

export async function insertAudit(db: Db, r: AuditRecord, at: string) {
  await db
    .insertInto('audit_log')
    .values({
      actor: auditActor(r.actor),
      action: r.action,
      target: r.target,
      before: r.before === undefined ? null : JSON.stringify(r.before),
      after: r.after === undefined ? null : JSON.stringify(r.after),
      created_at: at,
    })
    .execute();
}

export async function listAudit(db: Database, limit: number, beforeId?: number, actor?: string) {
  let q = db.selectFrom('audit_log').selectAll();
  if (beforeId) q = q.where('id', '<', beforeId);
  if (actor) q = q.where('actor', '=', actor);
  return q.orderBy('id', 'desc').limit(limit).execute();
}
