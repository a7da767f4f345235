import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';

/** Throws when the database does not answer (the caller bounds the wait). */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Credit entries (positive amounts) of the ledger by kind: how many, and their sum in hundredths. */
export async function ledgerCreditsByKind(db: Database) {
  const rows = await db
    .selectFrom('ledger_entries')
    .select((eb) => ['kind', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('total')])
    .where('amount', '>', 0)
    .groupBy('kind')
    .execute();
  return rows.map((r) => ({ kind: r.kind as string, count: Number(r.n), cents: Number(r.total ?? 0) }));
}

export async function withdrawalsByState(db: Database) {
  const rows = await db
    .selectFrom('withdrawals')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  return rows.map((r) => ({ state: r.state as WithdrawalState, count: Number(r.n) }));
}
