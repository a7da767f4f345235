import type { ReviewReason } from '@rewards/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Deps } from '../../deps.ts';
import { lockUser, post } from '../ledger/index.ts';
import * as repo from './repository.ts';

/** What the request's transaction wrote: the new id, the balance after, and where the row went. */
export interface Requested {
  id: number;
  balance: number;
  state: repo.NewWithdrawal['state'];
  reasons: ReviewReason[];
}

/**
 * A new withdrawal's row and its debit (key `withdrawal:<id>`), written together: the new id and the
 * balance after, or which unique key was taken (`repeat`: the same request committed meanwhile;
 * `in_use`: a live withdrawal to this pass, or the player's live group payout). Throws
 * INSUFFICIENT_FUNDS, writing nothing, when the balance does not cover it. One transaction on both
 * engines, which takes the player's lock first: `reviewReasons` reads the player's earlier
 * withdrawals through it, so a request sent together with another sees the other's row.
 */
export async function insertWithDebit(
  deps: Deps,
  w: Omit<repo.NewWithdrawal, 'state' | 'reviewReasons'>,
  reviewReasons: (trx: Kysely<DB>) => Promise<ReviewReason[]>,
): Promise<Requested | 'repeat' | 'in_use'> {
  // What the debit's entry notes besides the withdrawal's id.
  const meta = { method: w.method, gamepassId: w.gamepassId, robux: w.robux, price: w.price };
  return inTransaction(deps.db, async (trx) => {
    await lockUser(trx, w.userId);
    const reasons = await reviewReasons(trx);
    const state = reasons.length > 0 ? 'in_review' : 'pending';
    const id = await repo.insertWithdrawalOnce(trx, {
      ...w,
      state,
      reviewReasons: reasons.length > 0 ? JSON.stringify(reasons) : null,
    });
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
    return { id, balance: debit.balance, state, reasons };
  });
}
