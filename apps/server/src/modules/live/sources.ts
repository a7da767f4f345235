import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { LIVE_FEED_CHANNEL } from '../../db/migrations/0016_live_feed.ts';
import { lastEntryId } from '../ledger/index.ts';
import { entriesAfter, entriesByIds, type LedgerEvent } from './repository.ts';

/** Where a process learns of new ledger entries, whichever process wrote them. */
export interface LedgerSource {
  stop(): Promise<void>;
}
export type OnEntries = (entries: LedgerEvent[]) => Promise<void>;

/** How often the SQLite poller looks for new entries. */
export const POLL_MS = 1000;
/** Entries one poll reads at most; a larger burst is read over the next polls. */
const POLL_BATCH = 500;
/** Wait before reconnecting a lost LISTEN connection. */
const RECONNECT_MS = 1000;

/**
 * Reads the entries written after the newest one at start, every POLL_MS, by primary key. SQLite commits
 * one writer at a time, so ids become visible in order and "after the last seen id" misses none.
 */
export function startPoller(db: Database, onEntries: OnEntries, log: FastifyBaseLogger): LedgerSource {
  let lastId: number | null = null;
  let running: Promise<void> | null = null;
  const poll = async () => {
    lastId ??= await lastEntryId(db);
    const entries = await entriesAfter(db, lastId, POLL_BATCH);
    if (entries.length === 0) return;
    lastId = entries.at(-1)!.id;
    await onEntries(entries);
  };
  const tick = () => {
    running ??= poll()
      .catch((err: unknown) => log.warn({ err }, 'live feed poll failed'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, POLL_MS);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * One PostgreSQL connection per process LISTENs to the trigger of migration 0016 (`<id>:<user id>` per
 * new entry). Announcements that arrive together are read in one query. A lost connection is
 * reopened after RECONNECT_MS; entries announced meanwhile are not shown live (the clients' balance
 * poll and the feed's recent list still have them).
 */
export function startListener(
  url: string,
  db: Database,
  onEntries: OnEntries,
  log: FastifyBaseLogger,
): LedgerSource {
  let stopped = false;
  let client: pg.Client | null = null;
  let reconnect: NodeJS.Timeout | undefined;
  let pending: number[] = [];
  let reading: Promise<void> | null = null;

  const drain = async (): Promise<void> => {
    while (pending.length > 0) {
      const ids = pending;
      pending = [];
      await onEntries(await entriesByIds(db, ids));
    }
  };
  const announced = (payload: string | undefined) => {
    const id = Number(payload?.split(':')[0]);
    if (!Number.isSafeInteger(id)) return;
    pending.push(id);
    reading ??= drain()
      .catch((err: unknown) => log.warn({ err }, 'live feed read failed'))
      .finally(() => {
        reading = null;
      });
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    const lost = (err?: unknown) => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      if (stopped) return;
      log.warn({ err }, 'live feed lost its database connection; reconnecting');
      reconnect = setTimeout(() => void connect(), RECONNECT_MS);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (msg) => announced(msg.payload));
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_FEED_CHANNEL}`);
    } catch (err) {
      lost(err);
    }
  };
  void connect();

  return {
    async stop() {
      stopped = true;
      clearTimeout(reconnect);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
      await reading;
    },
  };
}
