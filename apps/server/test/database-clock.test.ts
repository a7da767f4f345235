import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DatabaseClock } from '../src/db/database-clock.ts';
import { createDatabase } from '../src/db/database.ts';
import { databaseTime } from '../src/db/engine-sql.ts';
import { releaseDueHolds } from '../src/modules/offers/index.ts';
import { ManualClock } from '../src/shared/clock.ts';
import { expectInvariant } from './support/ledger.ts';
import { expectPostbackCredited } from './support/postbacks.ts';
import { openTestApp, t } from './support/suite.ts';
import { testEngine } from './support/test-database.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The server's clock is the database's: each process measures its own clock against the database's
 * and corrects by the difference, so a time one process writes (a hold's end, a lease, a streak day)
 * and another compares is on one clock however far the machines' clocks are apart.
 */
describe(`the database's clock on ${testEngine}`, () => {
  openTestApp({ env: { OFFER_HOLD_HOURS: '24', HOLD_EXEMPT_BELOW: '0' } });

  /** A process whose own clock is `skewMs` off the real time, on the test's database. */
  async function processClock(skewMs: number): Promise<DatabaseClock> {
    const clock = new DatabaseClock(t.deps.db, new ManualClock(new Date(Date.now() + skewMs)));
    await clock.sync();
    return clock;
  }

  const databaseNow = async () =>
    Date.parse(
      (await sql<{ at: string }>`select ${databaseTime(t.deps.db)} as at`.execute(t.deps.db)).rows[0]!.at,
    );

  it('processes 10 minutes ahead and 10 minutes behind read the same time: the database’s', async () => {
    const ahead = await processClock(10 * MINUTE);
    const behind = await processClock(-10 * MINUTE);
    expect(ahead.offsetMs).toBeLessThan(-9 * MINUTE);
    expect(behind.offsetMs).toBeGreaterThan(9 * MINUTE);
    const reference = await databaseNow();
    // The local clocks above stand still; the database's moves on by the time the test takes.
    for (const clock of [ahead, behind]) {
      const gap = clock.now().getTime() - reference;
      expect(gap).toBeLessThanOrEqual(0);
      expect(gap).toBeGreaterThan(-5_000);
    }
  });

  it('a read that fails keeps the last offset', async () => {
    // A database of its own, closed after the first reading: the next read fails as a lost one does.
    const db = createDatabase('sqlite::memory:');
    const clock = new DatabaseClock(db, new ManualClock(new Date(Date.now() + 10 * MINUTE)));
    await clock.sync();
    const measured = clock.offsetMs;
    expect(measured).toBeLessThan(-9 * MINUTE);
    await db.destroy();
    await expect(clock.sync()).rejects.toThrow();
    expect(clock.offsetMs).toBe(measured);
  });

  it('a hold is not released early by a process whose own clock runs ahead', async () => {
    t.clock.set(new Date(await databaseNow()));
    await t.login('AliceRBX');
    await expectPostbackCredited(t, {
      status: '1',
      trans: 'clock-hold',
      user: 1001,
      local: '20.00',
      usd: '0.2000',
    });

    // Its own clock says the day is over; the database's says it has barely begun.
    const early = { ...t.deps, clock: await processClock(24 * HOUR + 10 * MINUTE) };
    expect(await releaseDueHolds(early)).toBe(0);
    // The hold itself is releasable once the day is really over.
    t.clock.advance(24 * HOUR);
    expect(await releaseDueHolds(t.deps)).toBe(1);
    await expectInvariant(t.deps.db);
  });
});
