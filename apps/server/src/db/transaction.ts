import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';
import { isPostgres, type Database } from './database.ts';
import { GroupUndone, groupCalls, groupPer } from './grouped-calls.ts';

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

/** Work of one write: its statements, run on the transaction (or, alone, the database) it is given. */
type Work<T> = (db: Kysely<DB>) => Promise<T>;

interface GroupedWork {
  work: Work<unknown>;
  /** The player whose row the work locks first: a group runs its works in this order. */
  userId: number;
  /** One statement, atomic on its own: alone, it needs no transaction. */
  oneStatement: boolean;
}

const runAlone = (db: Database, item: GroupedWork) =>
  item.oneStatement ? item.work(db) : inTransaction(db, item.work);

/**
 * The writes of one moment share a transaction on PostgreSQL (group commit): a transaction's start,
 * commit and WAL flush cost PostgreSQL about three times an indexed insert's CPU, and BEGIN and
 * COMMIT are two round trips of the server's. The works run one after the other, in the order of
 * their players' ids, so two groups that share players lock them in the same order. A work that
 * fails undoes the group (`GroupUndone`), and each work runs again alone, to its own answer.
 */
const groups = groupPer((db: Database) =>
  groupCalls<GroupedWork, unknown>(
    (items) =>
      inTransaction(db, async (trx) => {
        const order = items.map((_, i) => i).sort((a, b) => items[a]!.userId - items[b]!.userId);
        const answers = new Map<number, unknown>();
        for (const i of order) {
          try {
            answers.set(i, await items[i]!.work(trx));
          } catch (err) {
            throw new GroupUndone(err);
          }
        }
        return answers;
      }),
    (item) => runAlone(db, item),
  ),
);

/**
 * Runs a write's `work` in a transaction, shared on PostgreSQL with the other writes asked for in the
 * same turn of the event loop (`groups` above; db/grouped-calls.ts). `work` may run more than once
 * (a group undone, a deadlock): it must only write through the transaction it is given, and its keys
 * keep it to once. `oneStatement` work runs alone without a transaction.
 */
export function inGroupedTransaction<T>(
  db: Database,
  userId: number,
  work: Work<T>,
  opts: { oneStatement?: boolean } = {},
): Promise<T> {
  const item: GroupedWork = { work, userId, oneStatement: opts.oneStatement ?? false };
  if (!isPostgres(db) || db.isTransaction) return runAlone(db, item) as Promise<T>;
  return groups(db, item) as Promise<T>;
}
