import type { Kysely } from 'kysely';
import { idsVisibleInOrder } from '../../db/engine-sql.ts';
import type { DB, LedgerKind } from '../../db/schema.ts';
import { siteDay } from '../../shared/clock.ts';
import * as repo from './repository.ts';

/** Counts and sums of ledger entries of one site day, kind and sign. */
export interface LedgerCell {
  /** `YYYY-MM-DD`, a site day (SITE_TIME_ZONE). */
  day: string;
  kind: LedgerKind;
  /** Positive amounts (credits) or not. */
  credit: boolean;
  count: number;
  /** Hundredths of R$, signed. */
  cents: number;
}

/** Entries read per step when catching up on SQLite: each step holds the event loop a few ms. */
export const ROLLUP_STEP = 10_000;

/**
 * The whole ledger added up by day, kind and sign, for the admin overview (`/metrics` reads the
 * running totals instead: docs/decisions/0029-standard-metrics.md).
 *
 * Summing a million entries at each call took 0.4–1.5 s, and on SQLite, which answers synchronously,
 * the whole server waited that long. Entries are never changed or removed (docs/decisions/0002), so
 * on SQLite the figures are kept per process and each call adds only the entries written since,
 * in steps of `ROLLUP_STEP` ids with the event loop free between steps. SQLite commits one writer at
 * a time, so once an id is visible no smaller id can appear later.
 *
 * PostgreSQL hands out ids when rows are inserted, not when they commit: a smaller id can become
 * visible after a larger one, and a high-water mark would miss it. There every call sums the whole
 * ledger again; the query runs in the database, so the server's event loop is not held.
 */
class LedgerRollup {
  #through = 0;
  #cells = new Map<string, LedgerCell>();
  #catchingUp: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    readonly timeZone: string,
  ) {}

  async cells(): Promise<LedgerCell[]> {
    if (!idsVisibleInOrder(this.db)) {
      const all = new LedgerRollup(this.db, this.timeZone);
      for (const c of await repo.sumEntriesBetween(this.db, 0)) all.#add(c);
      return [...all.#cells.values()];
    }
    // Concurrent callers share one catch-up.
    this.#catchingUp ??= this.#catchUp().finally(() => {
      this.#catchingUp = null;
    });
    await this.#catchingUp;
    return [...this.#cells.values()].map((c) => ({ ...c }));
  }

  async #catchUp(): Promise<void> {
    const last = await repo.lastEntryId(this.db);
    while (this.#through < last) {
      const through = Math.min(this.#through + ROLLUP_STEP, last);
      for (const c of await repo.sumEntriesBetween(this.db, this.#through, through)) this.#add(c);
      this.#through = through;
      if (through < last) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Adds a quarter hour's figures to its site day's. */
  #add({ at, ...c }: Omit<LedgerCell, 'day'> & { at: Date }): void {
    const day = siteDay(at, this.timeZone);
    const key = `${day}|${c.kind}|${c.credit ? 1 : 0}`;
    const cell = this.#cells.get(key);
    if (cell) {
      cell.count += c.count;
      cell.cents += c.cents;
    } else {
      this.#cells.set(key, { day, ...c });
    }
  }
}

const rollups = new WeakMap<Kysely<DB>, LedgerRollup>();

/** The ledger's entries added up by site day, kind and sign (one rollup per database handle and zone). */
export function ledgerCells(db: Kysely<DB>, timeZone: string): Promise<LedgerCell[]> {
  let rollup = rollups.get(db);
  if (rollup?.timeZone !== timeZone) {
    rollup = new LedgerRollup(db, timeZone);
    rollups.set(db, rollup);
  }
  return rollup.cells();
}
