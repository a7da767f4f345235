import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';
import type { Deps } from '../../deps.ts';
import { insertAudit } from '../audit/index.ts';
import * as repo from './repository.ts';

/** Moves one withdrawal to `held` (the player is banned), with its audit row, in the caller's transaction. */
export async function holdOne(
  trx: Transaction<DB>,
  w: { id: number; state: WithdrawalState },
  now: string,
): Promise<boolean> {
  const row = await repo.transition(trx, {
    id: w.id,
    from: [w.state],
    to: 'held',
    now,
    lastError: `The player is banned: the withdrawal was stopped ${w.state === 'in_review' ? 'during its review' : 'before it was paid'}. Pay anyway, or refund to the player's balance.`,
  });
  if (!row) return false;
  await insertAudit(
    trx,
    {
      actor: 'admin',
      action: 'withdrawal.held',
      target: `withdrawal:${w.id}`,
      before: { state: w.state },
      after: { state: 'held', reason: 'player banned' },
    },
    now,
  );
  return true;
}

/**
 * Part of a ban, in its transaction: the player's withdrawals waiting for payment or review go to
 * `held`. One already being bought (`purchasing`) is stopped by the payout worker's own check just
 * before it buys. Unbanning changes none of them: an admin decides on each. Returns the held ids.
 */
export async function holdWithdrawalsOfBannedPlayer(
  trx: Transaction<DB>,
  deps: Deps,
  userId: number,
): Promise<number[]> {
  const now = deps.clock.now().toISOString();
  const held: number[] = [];
  for (const w of await repo.findStoppableByBan(trx, userId)) {
    if (await holdOne(trx, w, now)) held.push(w.id);
  }
  return held;
}
