import { openWithdrawalStates } from '@rewards/contracts';
import type { Database } from '../../db/database.ts';
import { quarterHourOf } from '../../db/time-buckets.ts';
import { siteDay } from '../../shared/clock.ts';

// The console's overview figures that the ledger's rollup does not hold.

export async function countPlayersAndWaitingWithdrawals(db: Database) {
  const [players, waiting] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', 'in', openWithdrawalStates)
      .executeTakeFirstOrThrow(),
  ]);
  return { players: Number(players.n), withdrawalsWaiting: Number(waiting.n) };
}

/** New players per site day since `since` (an ISO time), counted by quarter hour and added up here. */
export async function newPlayersByDay(db: Database, since: string, timeZone: string) {
  const { hour, quarter, startOf } = quarterHourOf('joined_at');
  const rows = await db
    .selectFrom('users')
    .select([hour.as('hour'), quarter.as('quarter'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('joined_at', '>=', since)
    .groupBy([hour, quarter])
    .execute();
  const byDay = new Map<string, number>();
  for (const r of rows) {
    const day = siteDay(startOf(r), timeZone);
    byDay.set(day, (byDay.get(day) ?? 0) + Number(r.n));
  }
  return byDay;
}

export async function countPostbacksSince(db: Database, since: string): Promise<number> {
  const row = await db
    .selectFrom('postbacks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
