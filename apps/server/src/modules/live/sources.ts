import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { lastEntryId } from '../ledger/index.ts';
import { entriesAfter, type LedgerEvent } from './repository.ts';

/** Where a process learns of new ledger entries, whichever process wrote them. */
export interface LedgerSource {
  /** Resolves once the source has read the newest entry: every entry committed after that is delivered. */
  started: Promise<void>;
  stop(): Promise<void>;
}
export type OnEntries = (entries: LedgerEvent[]) => Promise<void>;

/** How often the poller looks for new entries. */
export const POLL_MS = 1000;
/** Entries one poll reads at most; a larger burst is read over the next polls. */
const POLL_BATCH = 500;
/** How long an id a poll skipped over is looked for again (a money write commits within this). */
export const GAP_MS = 10_000;
/** Skipped ids remembered at most (a larger jump keeps the ones just below the newest entry). */
const MAX_GAPS = 2000;

/**
 * Reads the entries written after the newest one seen, every POLL_MS, by primary key, on both engines
 * (docs/decisions/0019). PostgreSQL hands out ids at insert and makes rows visible at commit, so an
 * entry may appear after one with a larger id: each id a poll skips over is looked for again for
 * GAP_MS. Most gaps never fill (an insert that lost its `on conflict` race still used an id); a poll
 * that finds one shows it then. SQLite commits one writer at a time, so there ids appear in order.
 */
export function startPoller(db: Database, onEntries: OnEntries, log: FastifyBaseLogger): LedgerSource {
  let lastId: number | null = null;
  /** Skipped ids, with when they were first missed. */
  const gaps = new Map<number, number>();
  let running: Promise<void> | null = null;
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const poll = async () => {
    if (lastId === null) {
      lastId = await lastEntryId(db);
      markStarted();
    }
    const now = Date.now();
    for (const [id, since] of gaps) if (now - since > GAP_MS) gaps.delete(id);
    const entries = await entriesAfter(db, lastId, [...gaps.keys()], POLL_BATCH);
    if (entries.length === 0) return;
    for (const { id } of entries) {
      if (gaps.delete(id) || id <= lastId) continue;
      for (let skipped = Math.max(lastId + 1, id - MAX_GAPS); skipped < id; skipped++) {
        gaps.set(skipped, now);
        if (gaps.size > MAX_GAPS) gaps.delete(gaps.keys().next().value!);
      }
      lastId = id;
    }
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
    started,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
