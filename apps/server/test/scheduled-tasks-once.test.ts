import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { createDatabase, type Database } from '../src/db/database.ts';
import { migrateTo, migrateToLatest, migrationNamed } from '../src/db/migrate.ts';
import { ManualClock } from '../src/shared/clock.ts';
import { openTestApp, t } from './support/suite.ts';
import { createTestDatabase, testEngine } from './support/test-database.ts';

/**
 * Two server processes on one database (two apps in-process, each with its own connections and its
 * own clock, one 10 minutes ahead): every scheduled task runs once per period between them, not once
 * per process.
 */
describe(`scheduled tasks run once per period across processes, on ${testEngine}`, () => {
  // The payout worker's rounds are scheduled too (automatic payouts; hourly here, so that two
  // rounds asked for at once are very unlikely to straddle the start of a period).
  openTestApp({ env: { PAYOUT_MODE: 'roblox', PAYOUT_INTERVAL_MS: '3600000' } });
  let other: FastifyInstance;
  let otherDb: Database;

  beforeAll(async () => {
    otherDb = createDatabase(t.deps.env.DATABASE_URL);
    const ahead = new ManualClock(new Date(t.clock.now().getTime() + 10 * 60_000));
    other = await buildApp({ ...t.deps, db: otherDb, clock: ahead });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.destroy();
  });

  /** The task's period as claimed, moved back: as if its last round ran a period ago. */
  const lastRoundLongAgo = (what: string) =>
    t.deps.db
      .updateTable('task_runs')
      .set((eb) => ({ period: eb('period', '-', 1) as never }))
      .where('task', '=', what)
      .execute();

  it('each task: of two processes asked at once, one runs the round; the next period, one again', async () => {
    const tasks = t.app.periodicTasks.map((task) => task.what);
    expect(tasks).toEqual(
      expect.arrayContaining([
        'releasing held offer credits',
        'retention task',
        'giveaway scheduler round',
        'payout worker round',
      ]),
    );
    expect(other.periodicTasks.map((task) => task.what)).toEqual(tasks);

    for (const [i, what] of tasks.entries()) {
      const here = t.app.periodicTasks[i]!;
      const there = other.periodicTasks[i]!;
      for (let period = 0; period < 3; period++) {
        if (period > 0) await lastRoundLongAgo(what);
        const ran = await Promise.all([here.round(), there.round()]);
        expect(ran.filter(Boolean), `${what}, round ${period + 1}: ${ran}`).toHaveLength(1);
      }
      // Within the claimed period neither runs it again, whichever clock it has.
      await t.deps.db
        .updateTable('task_runs')
        .set((eb) => ({ period: eb('period', '+', 1_000) as never }))
        .where('task', '=', what)
        .execute();
      expect(await Promise.all([here.round(), there.round()]), what).toEqual([false, false]);
    }
  });

  it('a changed interval (a new setting) claims at once, and counts in the new one from then on', async () => {
    const { claimPeriod } = t.app;
    const HOUR = 3_600_000;
    expect(await claimPeriod!('interval change', 2 * HOUR)).toBe(true);
    expect(await claimPeriod!('interval change', 2 * HOUR)).toBe(false);
    // Hour periods number twice as high as two-hour ones: still claimed once.
    expect(await claimPeriod!('interval change', HOUR)).toBe(true);
    expect(await claimPeriod!('interval change', HOUR)).toBe(false);
    // And back: the lower numbers of the longer periods do not keep the task waiting.
    expect(await claimPeriod!('interval change', 2 * HOUR)).toBe(true);
  });

  it('migration 0026 adds task_runs, and its down() takes it away again', async () => {
    const fresh = await createTestDatabase();
    const tables = async () => (await fresh.db.introspection.getTables()).map((table) => table.name);
    try {
      expect(await tables()).toContain('task_runs');
      await migrateTo(fresh.db, migrationNamed('25'));
      expect(await tables()).not.toContain('task_runs');
      await migrateToLatest(fresh.db);
      expect(await tables()).toContain('task_runs');
    } finally {
      await fresh.drop();
    }
  });
});
