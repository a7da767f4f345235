import type { Selectable } from 'kysely';
import { inTransaction } from '../../../db/transaction.ts';
import type { PromoCodesTable } from '../../../db/tables/rewards.ts';
import type { Deps } from '../../../deps.ts';
import { creditEarning } from '../../ledger/index.ts';
import * as repo from './repository.ts';

type CodeRow = Selectable<PromoCodesTable>;

/** Why a code is not redeemed: unknown or switched off, redeemed before, expired, no uses left. */
export type PromoRefusal = 'invalid' | 'already' | 'expired' | 'used_up';

/** Why a code cannot be redeemed now, or null if it can. */
export function refusalOf(code: CodeRow, now: string): PromoRefusal | null {
  if (code.active !== 1) return 'invalid';
  if (code.expires_at !== null && code.expires_at <= now) return 'expired';
  if (code.max_uses !== null && code.uses >= code.max_uses) return 'used_up';
  return null;
}

class Refused extends Error {
  constructor(readonly reason: PromoRefusal) {
    super(reason);
  }
}

/**
 * Redeems a code for a player, once: the guarded use count, the unique redemption row and the credit
 * (key `promo:<codeId>:<userId>`) commit together or not at all, in one transaction on both engines.
 */
export async function redeemOnce(
  deps: Deps,
  userId: number,
  code: string,
  now: string,
): Promise<{ refused: PromoRefusal } | { amount: number; balance: number }> {
  try {
    return await inTransaction(deps.db, async (trx) => {
      const row = await repo.findCodeByName(trx, code);
      if (!row || row.active !== 1) throw new Refused('invalid');
      if (await repo.hasRedeemed(trx, row.id, userId)) throw new Refused('already');
      const before = refusalOf(row, now);
      if (before) throw new Refused(before);
      if (!(await repo.takeUse(trx, row.id, now))) {
        // Changed since it was read (a concurrent redemption took the last use, or an admin acted).
        const fresh = await repo.findCodeById(trx, row.id);
        throw new Refused((fresh && refusalOf(fresh, now)) ?? 'used_up');
      }
      if (!(await repo.insertRedemptionOnce(trx, row.id, userId, now))) throw new Refused('already');
      const amount = Number(row.amount);
      const result = await creditEarning(trx, deps, {
        userId,
        amount,
        kind: 'promo',
        key: `promo:${row.id}:${userId}`,
        params: { code: row.code },
        meta: { codeId: row.id, code: row.code },
      });
      if (!result.applied) throw new Refused('already');
      return { amount, balance: result.balance };
    });
  } catch (err) {
    if (err instanceof Refused) return { refused: err.reason };
    throw err;
  }
}
