/** How long an id a read skipped over is looked for again (a money write commits within this). */
export const GAP_MS = 10_000;
/** Skipped ids remembered at most (a larger jump keeps the ones just below the newest). */
const MAX_GAPS = 2000;
/** Ids below the start that are looked for again once: writes that were committing as it began. */
const START_BACK = 200;

/**
 * Where a reader of an append-only table stands, by primary key, as the live feed reads the ledger
 * (modules/live/sources.ts, docs/decisions/0019): PostgreSQL hands out ids at insert and makes rows
 * visible at commit, so a row may appear after one with a larger id. Each id a read skips over is
 * looked for again for GAP_MS; most never fill (an insert that lost its `on conflict` race used an
 * id too). SQLite commits one writer at a time, so there ids appear in order.
 */
export class IdCursor {
  #last: number;
  /** Skipped ids, with when they were first missed (wall time: this is about commit latency). */
  readonly #gaps = new Map<number, number>();

  /** Starts after `last`; the ids just below it are looked for once more (see START_BACK). */
  constructor(last: number, now = Date.now()) {
    this.#last = last;
    for (let id = Math.max(1, last - START_BACK + 1); id <= last; id++) this.#gaps.set(id, now);
  }

  get last(): number {
    return this.#last;
  }

  /** The skipped ids to look for again, the expired ones dropped. */
  gaps(now = Date.now()): number[] {
    for (const [id, since] of this.#gaps) if (now - since > GAP_MS) this.#gaps.delete(id);
    return [...this.#gaps.keys()];
  }

  /** Notes ids just read (in increasing order): fills gaps, moves the last id, notes new gaps. */
  saw(ids: readonly number[], now = Date.now()): void {
    for (const id of ids) {
      if (this.#gaps.delete(id) || id <= this.#last) continue;
      for (let skipped = Math.max(this.#last + 1, id - MAX_GAPS); skipped < id; skipped++) {
        this.#gaps.set(skipped, now);
        if (this.#gaps.size > MAX_GAPS) this.#gaps.delete(this.#gaps.keys().next().value!);
      }
      this.#last = id;
    }
  }
}
