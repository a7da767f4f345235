import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { settleRaces } from '../src/modules/races/prizes.ts';
import { adminCookie } from './support/admin.ts';
import { balanceOf, userIdOf } from './support/accounts.ts';
import { expectInvariant } from './support/ledger.ts';
import { signInPlayer, type SignedInPlayer } from './support/players.ts';
import { expectPostbackCredited } from './support/postbacks.ts';
import { until } from './support/polling.ts';
import { startNodeProcess, type NodeProcess } from './support/server-process.ts';
import { testEngine } from './support/test-database.ts';
import { openTestApp, t } from './support/suite.ts';

const HOUR = 3600_000;
const THREE_PRIZES = [
  { from: 1, to: 1, prize: 300 },
  { from: 2, to: 2, prize: 200 },
  { from: 3, to: 3, prize: 100 },
];

/** The race payer (support/race-payer-child.ts), run as a process of its own. */
const PAYER = ['--import', 'tsx', 'apps/server/test/support/race-payer-child.ts'];

describe(`a race payer killed between two prizes on ${testEngine}`, () => {
  openTestApp();
  const players: SignedInPlayer[] = [];
  let raceId: number;

  const paidRanks = async () =>
    (
      await t.deps.db
        .selectFrom('race_results')
        .select('prize_rank')
        .where('race_id', '=', raceId)
        .where('ledger_entry_id', 'is not', null)
        .orderBy('prize_rank')
        .execute()
    ).map((r) => Number(r.prize_rank));

  const prizeEntries = async () =>
    (
      await t.deps.db
        .selectFrom('ledger_entries')
        .select(['idempotency_key', 'user_id', 'amount'])
        .where('kind', '=', 'race')
        .orderBy('idempotency_key')
        .execute()
    ).map((e) => [e.idempotency_key, Number(e.user_id), Number(e.amount)]);

  it('pays each of the three prizes once when run again, the ledger whole after each step', async () => {
    const res = await t.api(
      'POST',
      '/api/admin/races',
      {
        name: 'Killed race',
        startAt: t.clock.now().toISOString(),
        endAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
        repeat: 'none',
        prizes: THREE_PRIZES,
      },
      { cookie: await adminCookie(t) },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    raceId = res.body.id;
    for (const [i, robux] of [40, 30, 20, 10].entries()) {
      const p = await signInPlayer(t, `Killed${i}`);
      players.push(p);
      await expectPostbackCredited(t, { trans: `killed-${i}`, user: p.robloxId, local: robux.toFixed(2) });
    }
    // The race ends; its results are fixed (no prize paid yet), as the race round does first.
    t.clock.advance(2 * HOUR);
    expect(await settleRaces(t.deps, 0)).toBe(0);
    const winners = await Promise.all(players.slice(0, 3).map((p) => userIdOf(t.deps.db, p.robloxId)));
    const before = await Promise.all(winners.map((id) => balanceOf(t.deps.db, id)));

    // The payers run on the test's database.
    const payerEnv = {
      DATABASE_URL: t.deps.env.DATABASE_URL!,
      OFFER_HOLD_HOURS: String(t.deps.env.OFFER_HOLD_HOURS),
    };
    let payer: NodeProcess;
    if (testEngine === 'postgres') {
      // The test holds the second winner's row: prize 1 goes through, prize 2's posting waits on it.
      const holder = new pg.Client({ connectionString: t.deps.env.DATABASE_URL });
      await holder.connect();
      await holder.query('begin');
      await holder.query('select id from users where id = $1 for update', [winners[1]]);
      payer = startNodeProcess(PAYER, payerEnv);
      await until(
        () => `prize 1 paid; payer said:\n${payer.output()}`,
        async () => (await paidRanks()).join() === '1',
        { intervalMs: 20 },
      );
      await until(
        () => `the payer waiting on the held row; payer said:\n${payer.output()}`,
        async () =>
          (
            await holder.query(
              `select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid
               where not l.granted and a.datname = current_database() and a.pid <> pg_backend_pid()`,
            )
          ).rowCount! > 0,
        { intervalMs: 20 },
      );
      await payer.stop('SIGKILL');
      expect(payer.child.signalCode).toBe('SIGKILL');
      await holder.query('rollback');
      await holder.end();
    } else {
      // SQLite has one write lock: the payer stops itself inside prize 2's transaction, holding it.
      payer = startNodeProcess(PAYER, { ...payerEnv, STOP_AT_KEY: `race:${raceId}:2` });
      await until(
        () => `the payer inside prize 2; payer said:\n${payer.output()}`,
        () => payer.output().includes('stopped'),
        { intervalMs: 20 },
      );
      const probe = new SQLite(t.deps.env.DATABASE_URL!);
      probe.pragma('busy_timeout = 0');
      expect(() => probe.exec('begin immediate')).toThrow(/locked|busy/i);
      await payer.stop('SIGKILL');
      expect(payer.child.signalCode).toBe('SIGKILL');
      // The dead process's lock is gone with it, and its open transaction with the lock.
      probe.exec('begin immediate');
      probe.exec('rollback');
      probe.close();
    }

    // Killed between the two: prize 1 paid, prize 2 and 3 not.
    expect(await paidRanks()).toEqual([1]);
    expect(await prizeEntries()).toEqual([[`race:${raceId}:1`, winners[0], 30000]]);
    await expectInvariant(t.deps.db);

    // The next round, again in a process of its own, pays the rest, and one more pays nothing.
    const again = startNodeProcess(PAYER, payerEnv);
    expect(await again.exited, again.output()).toBe(0);
    expect(again.output()).toContain('paid 2');
    const last = startNodeProcess(PAYER, payerEnv);
    expect(await last.exited, last.output()).toBe(0);
    expect(last.output()).toContain('paid 0');

    expect(await paidRanks()).toEqual([1, 2, 3]);
    expect(await prizeEntries()).toEqual([
      [`race:${raceId}:1`, winners[0], 30000],
      [`race:${raceId}:2`, winners[1], 20000],
      [`race:${raceId}:3`, winners[2], 10000],
    ]);
    const after = await Promise.all(winners.map((id) => balanceOf(t.deps.db, id)));
    expect(after.map((b, i) => b - before[i]!)).toEqual([300, 200, 100]);
    await expectInvariant(t.deps.db);
    // Three processes of their own start (tsx) one after the other: seconds each on a busy machine.
  }, 120_000);
});
