import { inTransaction } from '../../db/transaction.ts';
import type { Deps } from '../../deps.ts';
import { post } from '../ledger/index.ts';
import * as repo from './repository.ts';

/**
 * A new withdrawal's row and its debit (key `withdrawal:<id>`), written together: the new id and the
 * balance after, or which unique key was taken (`repeat`: the same request committed meanwhile;
 * `in_use`: a live withdrawal to this pass, or the player's live group payout). Throws
 * INSUFFICIENT_FUNDS, writing nothing, when the balance does not cover it. One transaction on both
 * engines.
 */
export async function insertWithDebit(
  deps: Deps,
  w: repo.NewWithdrawal,
): Promise<{ id: number; balance: number } | 'repeat' | 'in_use'> {
  // What the debit's entry notes besides the withdrawal's id.
  const meta = { method: w.method, gamepassId: w.gamepassId, robux: w.robux, price: w.price };
  return inTransaction(deps.db, async (trx) => {
    const id = await repo.insertWithdrawalOnce(trx, w);
    if (id === null) {
      return w.requestKey && (await repo.findByRequestKey(trx, w.requestKey)) ? 'repeat' : 'in_use';
    }
    const debit = await post(trx, deps.clock, {
      userId: w.userId,
      amount: -w.amount,
      kind: 'withdrawal',
      key: `withdrawal:${id}`,
      params: {},
      meta: { withdrawalId: id, ...meta },
    });
    await repo.setLedgerEntry(trx, id, debit.entryId);
    return { id, balance: debit.balance };
  });
}
