import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

/** Which engine this run tests: `TEST_ENGINE=postgres` (with TEST_DATABASE_URL) or SQLite. */
export const testEngine: 'sqlite' | 'postgres' =
  process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  db: Database;
  url: string;
  drop(): Promise<void>;
}

/** A database of its own with no tables yet: a temporary SQLite file, or a throw-away PostgreSQL database. */
export async function createEmptyDatabase(): Promise<{ url: string; remove(): Promise<void> }> {
  if (testEngine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'rewards-test-'));
    return { url: join(dir, 'test.db'), remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `rewards_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    remove: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A fresh, migrated database of its own (see `createEmptyDatabase`). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const empty = await createEmptyDatabase();
  const db = createDatabase(empty.url, { poolSize: 20 });
  await migrateToLatest(db);
  return {
    db,
    url: empty.url,
    drop: async () => {
      await db.destroy();
      await empty.remove();
    },
  };
}
