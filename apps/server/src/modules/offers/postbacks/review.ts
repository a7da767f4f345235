import { fromCents, type PostbackDecisionResponse } from '@rewards/contracts';
import type { Deps } from '../../../deps.ts';
import type { ApproveLimit } from '../../../shared/approve-limit.ts';
import { conflict, forbidden, notFound } from '../../../shared/errors.ts';
import { countCompletion } from '../../economics/index.ts';
import { payLevelRewardsAfterCredit } from '../../levels/index.ts';
import { creditTransaction } from '../credits/service.ts';
import { findWallBySlug } from '../walls/repository.ts';
import * as repo from './repository.ts';

/**
 * An admin's decision on a held postback, in one transaction with its credit: approval credits the
 * amount it asked for exactly once (through the same guard as any credit, so a reversal that came
 * in the meantime wins), rejection credits nothing. The provider is not told either way. Returns
 * the decision and the row's state before it, for the audit log. A credit that paid is followed,
 * once committed, by the level rewards it made due. A postback is held because it looks wrong (over
 * the wall's maximum, out of line with what the provider pays), so a moderator (`approveLimit`)
 * approves one only up to the same amount as a withdrawal, and never one whose transaction was
 * rejected before; beyond that, an owner decides.
 */
export async function decideHeldPostback(
  deps: Deps,
  id: number,
  decision: 'approved' | 'rejected',
  actor: string,
  approveLimit?: ApproveLimit,
): Promise<PostbackDecisionResponse> {
  const decided = await deps.db.transaction().execute(async (trx) => {
    const reason = `${decision} by ${actor}`;
    const row = await repo.decideHeld(trx, id, decision, reason);
    if (!row) {
      if (!(await repo.findPostbackById(trx, id))) throw notFound('Postback not found.');
      throw conflict('This postback is not waiting for a decision.');
    }
    if (decision === 'approved' && approveLimit) {
      if (Number(row.amount ?? 0) > approveLimit.robux * 100) {
        throw forbidden(
          `Your role (${approveLimit.role}) can approve postbacks up to R$ ${approveLimit.robux}; this one is R$ ${fromCents(Number(row.amount))}. Ask an owner.`,
        );
      }
      // A replay, or the provider sending it again, makes a new held row: a rejection stands
      // against a limited role's approval of the same transaction.
      const rejected =
        row.trans_id === null ? undefined : await repo.earlierRejection(trx, row.wall_slug, row.trans_id, id);
      if (rejected) {
        throw forbidden(
          `This transaction was rejected before (postback #${rejected.id}): only an owner can approve it now.`,
        );
      }
    }
    if (decision === 'rejected')
      return { postbackId: id, verdict: decision, outcome: null, ledgerEntryId: null, userId: null };
    const player = await repo.findUserStatus(trx, row.user_id ?? 0);
    if (player?.status === 'banned') {
      throw conflict(
        'This player is banned: credits to banned accounts are refused. Reject it, or unban first.',
      );
    }
    if (player?.deleted_at) {
      throw conflict('This player deleted their account: nothing can be credited to it. Reject it.');
    }
    const wall = await findWallBySlug(trx, row.wall_slug);
    if (!wall || row.user_id === null || row.trans_id === null || row.amount === null) {
      throw conflict('This postback cannot be credited: its wall, player or amount is missing.');
    }
    const r = await creditTransaction(trx, deps, {
      wall,
      transId: row.trans_id,
      userId: row.user_id,
      amount: Number(row.amount),
    });
    await repo.setPostbackLedgerEntry(trx, id, r.ledgerEntryId);
    if (r.verdict === 'credited' || r.verdict === 'on_hold') {
      await countCompletion(trx, {
        wallSlug: row.wall_slug,
        amount: Number(row.amount),
        usdMicros: row.usd_micros === null ? null : Number(row.usd_micros),
        createdAt: deps.clock.now().toISOString(),
      });
    }
    return {
      postbackId: id,
      verdict: decision,
      outcome: r.verdict,
      ledgerEntryId: r.ledgerEntryId,
      userId: row.user_id,
    };
  });
  const { userId, ...answer } = decided;
  if (answer.outcome === 'credited' && userId !== null) await payLevelRewardsAfterCredit(deps, userId);
  return answer;
}
