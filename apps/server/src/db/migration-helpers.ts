import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from './database.ts';

/** An auto-numbered integer primary key, spelled the way each engine wants it. */
export function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
