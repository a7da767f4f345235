import { sql, type Kysely } from 'kysely';
import { systemClock, type Clock } from '../shared/clock.ts';
import { databaseTime } from './engine-sql.ts';

/** How often a process measures its clock against the database's again. */
export const CLOCK_SYNC_INTERVAL_MS = 60_000;

/**
 * The database's clock, read without a round trip: this process's clock plus the offset measured
 * against the database's at start and every minute after. Holds, streak days, back-offs and every
 * other time one process writes and another compares are then on one clock, whatever each machine's
 * own says. The offset is taken at the middle of the round trip that read the database's time, so
 * it is off by at most half that trip (a millisecond or two); on SQLite the database's clock is this
 * machine's, and the offset is about 0.
 */
export class DatabaseClock implements Clock {
  #offsetMs = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<any>,
    private readonly local: Clock = systemClock,
  ) {}

  now(): Date {
    return new Date(this.local.now().getTime() + this.#offsetMs);
  }

  /** The last measured difference: the database's clock minus this process's, in ms. */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /**
   * Measures the offset again. A failed read keeps the last offset: a process's clock drifts by
   * milliseconds a minute, far less than any rule here measures.
   */
  async sync(): Promise<void> {
    const before = this.local.now().getTime();
    const { rows } = await sql<{ at: string }>`select ${databaseTime(this.db)} as at`.execute(this.db);
    const after = this.local.now().getTime();
    const at = Date.parse(rows[0]!.at);
    if (Number.isFinite(at)) this.#offsetMs = Math.round(at - (before + after) / 2);
  }

  /** Measures again every CLOCK_SYNC_INTERVAL_MS until `stop()`. */
  keepInStep(onError: (error: unknown) => void): void {
    this.stop();
    this.#timer = setInterval(() => void this.sync().catch(onError), CLOCK_SYNC_INTERVAL_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
