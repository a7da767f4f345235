import type { Insertable, Updateable } from 'kysely';
import { forUpdate } from '../../../db/engine-sql.ts';
import type { WallsTable } from '../../../db/tables/offers.ts';
import type { Db } from '../../../db/database.ts';

/** Every wall, active or not, in the order the earn page shows them. */
export async function listAllWalls(db: Db) {
  return db.selectFrom('walls').selectAll().orderBy('sort').orderBy('id').execute();
}

/** The wall, row-locked on PostgreSQL until the transaction ends (SQLite has one writer anyway). */
export async function lockWallBySlug(db: Db, slug: string) {
  return forUpdate(db, db.selectFrom('walls').selectAll().where('slug', '=', slug)).executeTakeFirst();
}

/** The sort number that puts a new wall last. */
export async function nextWallSort(db: Db): Promise<number> {
  const row = await db
    .selectFrom('walls')
    .select((eb) => eb.fn.max('sort').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 10;
}

/** Inserts the wall; undefined when its slug is taken (the unique key decides, whatever the race). */
export async function insertWall(db: Db, wall: Insertable<WallsTable>) {
  return db
    .insertInto('walls')
    .values(wall)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateWall(db: Db, id: number, changes: Updateable<WallsTable>) {
  return db.updateTable('walls').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
