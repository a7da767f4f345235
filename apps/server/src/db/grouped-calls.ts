import DataLoader from 'dataloader';
import { isPostgres, type Database, type Db } from './database.ts';

/** Items one shared call carries at most. */
export const MAX_GROUP = 32;

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/**
 * A group's transaction undone because one of its items failed: nothing of the group was written, and
 * each item may be sent again alone. Carries the item's error.
 */
export class GroupUndone extends Error {
  constructor(readonly itemError: unknown) {
    super(
      `a grouped write was undone: ${itemError instanceof Error ? itemError.message : String(itemError)}`,
    );
  }
}

/**
 * An error the database answered with (it carries an SQLSTATE), or a group undone, as opposed to a
 * lost answer: all of the call was undone.
 */
function refusedByDatabase(err: unknown): boolean {
  if (err instanceof GroupUndone) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * Calls of one kind grouped on PostgreSQL (docs/decisions/0020): those a process is asked for in one
 * turn of its event loop go to the database together, as one call of `many` (one round trip; for
 * writes one transaction and one WAL flush: group commit). DataLoader collects them; its default
 * window (one tick) would catch only the calls of one request, so the window is one turn of the event
 * loop (`setImmediate`), which holds the requests whose answers or bodies arrived together. Nothing
 * is cached: each call is sent.
 *
 * A call alone in its window goes through `one`, as it would without grouping. `many` answers by the
 * items' index in the group. If the database refuses it, it undid all of it, and each item is sent
 * again through `one`, so every caller still gets its own answer or its own error. An item a
 * committed call did not answer is not sent again (that could write it twice): its caller gets an
 * error.
 */
export function groupCalls<Item, Result>(
  many: (items: readonly Item[]) => Promise<Map<number, Result>>,
  one: (item: Item) => Promise<Result>,
): (item: Item) => Promise<Result> {
  const alone = (item: Item) => one(item).catch(asError);
  const loader = new DataLoader<Item, Result>(
    async (items) => {
      if (items.length === 1) return [await alone(items[0]!)];
      let answers: Map<number, Result>;
      try {
        answers = await many(items);
      } catch (err) {
        // The database refused the call (an SQLSTATE): it undid all of it. Any other failure (a lost
        // connection, a timeout) leaves the outcome unknown, and each caller gets that error.
        if (!refusedByDatabase(err)) return items.map(() => asError(err));
        return Promise.all(items.map(alone));
      }
      return items.map((_, i) =>
        answers.has(i) ? answers.get(i)! : new Error(`a grouped call gave no answer for its item ${i}`),
      );
    },
    { cache: false, maxBatchSize: MAX_GROUP, batchScheduleFn: (send) => setImmediate(send) },
  );
  return (item) => loader.load(item);
}

/** One group per key (the app's dependencies), made on first use. */
export function groupPer<Key extends object, Item, Result>(
  make: (key: Key) => (item: Item) => Promise<Result>,
): (key: Key, item: Item) => Promise<Result> {
  const groups = new WeakMap<Key, (item: Item) => Promise<Result>>();
  return (key, item) => {
    let group = groups.get(key);
    if (!group) groups.set(key, (group = make(key)));
    return group(item);
  };
}

/**
 * A read of one row per ask, grouped on PostgreSQL: the asks of one moment are read by `many` in one
 * query, given the asks and their distinct keys (`keyOf`), which answers each row with its key. In a
 * transaction, or on SQLite (where a query is a function call), `one` runs alone.
 */
export function groupedLookup<Ask, Key, Row>(
  keyOf: (ask: Ask) => Key,
  one: (db: Db, ask: Ask) => Promise<Row | undefined>,
  many: (db: Database, keys: Key[], asks: readonly Ask[]) => Promise<Array<{ key: Key; row: Row }>>,
): (db: Db, ask: Ask) => Promise<Row | undefined> {
  const group = groupPer((db: Database) =>
    groupCalls<Ask, Row | undefined>(
      async (asks) => {
        const keys = [...new Set(asks.map(keyOf))];
        const found = new Map((await many(db, keys, asks)).map(({ key, row }) => [key, row]));
        return new Map(asks.map((ask, i) => [i, found.get(keyOf(ask))]));
      },
      (ask) => one(db, ask),
    ),
  );
  return (db, ask) => (isPostgres(db) && !db.isTransaction ? group(db as Database, ask) : one(db, ask));
}
