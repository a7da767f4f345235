import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Clock } from '../../shared/clock.ts';
import { post } from '../ledger/index.ts';
import type { WithdrawalRow } from './service.ts';

/** Gives the withdrawn amount back; part of the caller's transaction (the state change and the credit commit together). */
export async function refundInTransaction(
  trx: Kysely<DB>,
  clock: Clock,
  w: Pick<WithdrawalRow, 'id' | 'user_id' | 'amount'>,
  reason: string,
) {
  return post(trx, clock, {
    userId: w.user_id,
    amount: Number(w.amount),
    kind: 'withdrawal_refund',
    key: `withdrawal_refund:${w.id}`,
    params: {},
    earningsDelta: 0,
    meta: { withdrawalId: w.id, reason },
  });
}
