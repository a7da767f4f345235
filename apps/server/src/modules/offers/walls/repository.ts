import type { Database } from '../../../db/database.ts';
import { firstRow, prepared } from '../../../db/prepared.ts';
import type { Db } from '../../../db/database.ts';
import { WALL_COLUMNS } from '../../../db/tables/offers.ts';

export async function listActiveWalls(db: Database) {
  return db.selectFrom('walls').selectAll().where('active', '=', 1).orderBy('sort').orderBy('id').execute();
}

const wallBySlugQuery = prepared((db: Db, slug: string) =>
  db.selectFrom('walls').select(WALL_COLUMNS).where('slug', '=', slug),
);

export async function findWallBySlug(db: Db, slug: string) {
  return firstRow(wallBySlugQuery(db, slug));
}
