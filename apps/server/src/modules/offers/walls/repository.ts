import type { Database } from '../../../db/database.ts';
import type { Db } from '../shared.ts';

export async function listActiveWalls(db: Database) {
  return db.selectFrom('walls').selectAll().where('active', '=', 1).orderBy('sort').orderBy('id').execute();
}

export async function findWallBySlug(db: Db, slug: string) {
  return db.selectFrom('walls').selectAll().where('slug', '=', slug).executeTakeFirst();
}
