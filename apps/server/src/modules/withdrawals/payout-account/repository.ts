import type { Db } from '../../../db/database.ts';
import type { PayoutAccountTable } from '../../../db/tables/withdrawals.ts';

// The payout account's one row, and the figures of the withdrawals table its health is judged by.

export type PayoutAccountRow = PayoutAccountTable;

export async function readAccount(db: Db): Promise<PayoutAccountRow> {
  const row = await db.selectFrom('payout_account').selectAll().where('id', '=', 1).executeTakeFirst();
  // Migration 0011 inserts the row; a database restored from before it gets one on the first write.
  return (
    row ?? {
      id: 1,
      status: 'ok',
      reason: null,
      since: null,
      alerted_at: null,
      cookie_sealed: null,
      cookie_updated_at: null,
      robux: null,
      robux_read_at: null,
      group_funds: null,
      group_funds_read_at: null,
      read_error: null,
      funds_pause: null,
    }
  );
}

/** ok → needs_attention, once: true only for the call that made the change (it alerts). */
export async function markNeedsAttention(db: Db, reason: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('payout_account')
    .set({ status: 'needs_attention', reason, since: now, alerted_at: now })
    .where('id', '=', 1)
    .where('status', '=', 'ok')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markOk(db: Db, now: string) {
  await db
    .updateTable('payout_account')
    .set({ status: 'ok', reason: null, since: now, alerted_at: null })
    .where('id', '=', 1)
    .execute();
}

export async function storeCookie(db: Db, sealed: string, now: string) {
  await db
    .updateTable('payout_account')
    .set({ cookie_sealed: sealed, cookie_updated_at: now })
    .where('id', '=', 1)
    .execute();
}

export async function saveReadings(
  db: Db,
  r: Partial<Pick<PayoutAccountRow, 'robux' | 'robux_read_at' | 'group_funds' | 'group_funds_read_at'>> & {
    read_error: string | null;
  },
) {
  await db.updateTable('payout_account').set(r).where('id', '=', 1).execute();
}

export async function setFundsPause(db: Db, note: string | null) {
  let q = db.updateTable('payout_account').set({ funds_pause: note }).where('id', '=', 1);
  // Cleared before every payout that can be covered: write only when there is a pause to clear.
  if (note === null) q = q.where('funds_pause', 'is not', null);
  await q.execute();
}

/** Withdrawals waiting to be paid and what paying them costs, per method. */
export async function queueCost(db: Db) {
  const rows = await db
    .selectFrom('withdrawals')
    .select([
      'method',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<number>('price').as('cost'),
    ])
    .where('state', 'in', ['pending', 'purchasing'])
    .groupBy('method')
    .execute();
  const of = (m: string) => rows.find((r) => r.method === m);
  return {
    count: rows.reduce((n, r) => n + Number(r.n), 0),
    gamepassCost: Number(of('gamepass')?.cost ?? 0),
    groupCost: Number(of('group')?.cost ?? 0),
  };
}

export async function paidSince(db: Db, since: string) {
  const row = await db
    .selectFrom('withdrawals')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('robux').as('robux')])
    .where('state', '=', 'paid')
    .where('paid_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), robux: Number(row.robux ?? 0) };
}

/** After a resume: waiting withdrawals are tried at once instead of at the end of their back-off. */
export async function wakePending(db: Db, now: string) {
  await db
    .updateTable('withdrawals')
    .set({ next_attempt_at: null, updated_at: now })
    .where('state', '=', 'pending')
    .where('next_attempt_at', 'is not', null)
    .execute();
}

/** What a paid withdrawal took from the figure last read, so the next check does not count it twice. */
export async function spendFromReading(db: Db, method: 'gamepass' | 'group', cost: number) {
  await db
    .updateTable('payout_account')
    .set((eb) =>
      method === 'group' ? { group_funds: eb('group_funds', '-', cost) } : { robux: eb('robux', '-', cost) },
    )
    .where('id', '=', 1)
    .execute();
}
