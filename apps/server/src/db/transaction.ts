import type { Transaction } from 'kysely';
import type { DB } from './schema.ts';
import type { Database } from './database.ts';

/** Deadlock detected, serialization failure: PostgreSQL undid the whole transaction. */
const RETRIED = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

/**
 * Runs `work` in a transaction, and again (at most three times in all) when the database undid it
 * for a deadlock or a serialization failure: nothing of it was written, and every money write is
 * keyed, so running it again cannot write it twice. SQLite runs one writer at a time and never
 * answers these codes, so there it runs once.
 */
export async function inTransaction<T>(db: Database, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (typeof code === 'string' && RETRIED.has(code) && attempt < MAX_ATTEMPTS) continue;
      throw err;
    }
  }
}
