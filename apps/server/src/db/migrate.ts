import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.ts';
import * as m0001 from './migrations/0001_core.ts';

/**
 * Migrations are listed here, in order, rather than read from a folder at run time,
 * so the list is checked by the compiler and works however the server is packaged.
 */
const migrations: Record<string, Migration> = {
  '0001_core': m0001,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Database): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
