import type { PostbackVerdict } from '@rewards/contracts';
import { isPostgres } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import { creditPostbackGrouped } from '../../ledger/index.ts';
import { insertPostback, type NewPostbackBase } from '../postbacks/repository.ts';
import { creditKey, creditMeta, creditTerms, creditTransaction, type CreditInput } from './service.ts';

/**
 * A provider's credit (`creditTransaction`) and the record of the postback that asked for it, written
 * together: the money and its record commit at once or not at all. On PostgreSQL one function call,
 * shared with the other postbacks of the same moment (ledger/grouped-writes.ts); on SQLite the same
 * steps in a transaction.
 */
export async function creditAndRecord(
  deps: Deps,
  input: CreditInput,
  record: NewPostbackBase,
): Promise<{ verdict: PostbackVerdict; ledgerEntryId: number | null; postbackId: number }> {
  const now = deps.clock.now();
  if (isPostgres(deps.db)) {
    const terms = creditTerms(deps, input, now);
    const r = await creditPostbackGrouped(deps, {
      userId: input.userId,
      wallSlug: input.wall.slug,
      transId: input.transId,
      kind: terms.kind,
      amount: input.amount,
      description: terms.description,
      state: terms.state,
      releaseAt: terms.releaseAt,
      now: now.toISOString(),
      key: creditKey(input.wall.slug, input.transId),
      meta: creditMeta(input.wall.slug, input.transId),
      record,
    });
    return { ...r, verdict: r.verdict as PostbackVerdict };
  }
  return deps.db.transaction().execute(async (trx) => {
    const r = await creditTransaction(trx, deps, input);
    const postbackId = await insertPostback(trx, {
      ...record,
      verdict: r.verdict,
      ledgerEntryId: r.ledgerEntryId,
      createdAt: deps.clock.now().toISOString(),
    });
    return { ...r, postbackId };
  });
}
