import type { Database } from '../../../db/database.ts';
import { sql } from 'kysely';
import { groupedLookup } from '../../../db/grouped-calls.ts';
import { firstRow, prepared } from '../../../db/prepared.ts';
import type { Db } from '../../../db/database.ts';
import { WALL_COLUMNS } from '../../../db/tables/offers.ts';

export async function listActiveWalls(db: Database) {
  return db.selectFrom('walls').selectAll().where('active', '=', 1).orderBy('sort').orderBy('id').execute();
}

const wallBySlugQuery = prepared((db: Db, slug: string) =>
  db.selectFrom('walls').select(WALL_COLUMNS).where('slug', '=', slug),
);

const wallsBySlugQuery = prepared((db: Db, slugs: string[]) =>
  db
    .selectFrom('walls')
    .select(WALL_COLUMNS)
    .where('slug', '=', sql<string>`any(${slugs})`),
);

/** A wall by its slug; on PostgreSQL those asked for in one moment are read in one query. */
export const findWallBySlug = groupedLookup(
  (slug: string) => slug,
  (db: Db, slug) => firstRow(wallBySlugQuery(db, slug)),
  async (db, slugs) => (await wallsBySlugQuery(db, slugs)).rows.map((row) => ({ key: row.slug, row })),
);
