import type { PostbackVerdict } from '@rewards/contracts';
import { inGroupedTransaction } from '../../../db/transaction.ts';
import type { Deps } from '../../../deps.ts';
import { payLevelRewardsAfterCredit } from '../../levels/index.ts';
import { insertPostback, type NewPostbackBase } from '../postbacks/repository.ts';
import { creditTransaction, type CreditInput } from './service.ts';

/**
 * A provider's credit (`creditTransaction`) and the record of the postback that asked for it, written
 * together: the money and its record commit at once or not at all, in one transaction on both engines
 * (on PostgreSQL shared with the other writes of the moment: group commit). A credit that pays writes
 * the record with the money (one statement on PostgreSQL); any other verdict, after it.
 * Once that committed, a credit that paid pays the level rewards it made due, in a transaction of
 * their own (without level rewards this costs no query: `payLevelRewardsAfterCredit`).
 */
export async function creditAndRecord(
  deps: Deps,
  input: CreditInput,
  record: NewPostbackBase,
): Promise<{ verdict: PostbackVerdict; ledgerEntryId: number | null; postbackId: number }> {
  const result = await inGroupedTransaction(deps.db, input.userId, async (trx) => {
    const r = await creditTransaction(trx, deps, input, record);
    if (r.postbackId !== undefined) return { ...r, postbackId: r.postbackId };
    const postbackId = await insertPostback(trx, {
      ...record,
      verdict: r.verdict,
      ledgerEntryId: r.ledgerEntryId,
      createdAt: deps.clock.now().toISOString(),
    });
    return { ...r, postbackId };
  });
  if (result.verdict === 'credited') await payLevelRewardsAfterCredit(deps, input.userId);
  return result;
}
