import { sql } from 'kysely';
import { openWithdrawalStates } from '@rewards/contracts';
import type { Database } from '../../db/database.ts';

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

/** New players per UTC day since `since` (an ISO time). */
export async function newPlayersByDay(db: Database, since: string) {
  const joinDay = sql<string>`substr(joined_at, 1, 10)`;
  const rows = await db
    .selectFrom('users')
    .select([joinDay.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('joined_at', '>=', since)
    .groupBy(joinDay)
    .execute();
  return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
}

export async function countPostbacksSince(db: Database, since: string): Promise<number> {
  const row = await db
    .selectFrom('postbacks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
