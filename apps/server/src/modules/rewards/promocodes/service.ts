import {
  createPromoCodeRequest,
  fromCents,
  normalizePromoCode,
  PROMO_ERRORS,
  toCents,
  type AdminPromoCode,
  type CreatePromoCodeRequest,
  type PromoRedeemResponse,
} from '@rewards/contracts';
import type { Selectable } from 'kysely';
import type { PromoCodesTable } from '../../../db/tables/rewards.ts';
import type { Player } from '../../auth/index.ts';
import type { Deps } from '../../../deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { insertAudit } from '../../audit/index.ts';
import * as repo from './repository.ts';
import { creditEarning } from '../../ledger/index.ts';
import { requireCompletedOffer } from '../offer-gate.ts';
import { parseInput } from '../../../shared/parse-input.ts';

const invalid = () => notFound(PROMO_ERRORS.invalid);
const expired = () => conflict(PROMO_ERRORS.expired);
const usedUp = () => conflict(PROMO_ERRORS.usedUp);
const already = () => conflict(PROMO_ERRORS.already);

type CodeRow = Selectable<PromoCodesTable>;

/** Why a code cannot be redeemed now, or null if it can. */
function refusal(code: CodeRow, now: string): AppError | null {
  if (code.active !== 1) return invalid();
  if (code.expires_at !== null && code.expires_at <= now) return expired();
  if (code.max_uses !== null && code.uses >= code.max_uses) return usedUp();
  return null;
}

/**
 * Redeems a code for the signed-in player. One transaction: the guarded use count, the unique
 * redemption row and the credit (key `promo:<codeId>:<userId>`) commit together or not at all.
 */
export async function redeemPromoCode(
  deps: Deps,
  player: Player,
  rawCode: string,
): Promise<PromoRedeemResponse> {
  const code = normalizePromoCode(rawCode);
  if (!code) throw badRequest('Please enter a promo code.');
  await requireCompletedOffer(deps, player);
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.findCodeByName(trx, code);
    if (!row || row.active !== 1) throw invalid();
    if (await repo.hasRedeemed(trx, row.id, player.id)) throw already();
    const before = refusal(row, now);
    if (before) throw before;

    if (!(await repo.takeUse(trx, row.id, now))) {
      // Changed since it was read (a concurrent redemption took the last use, or an admin acted).
      const fresh = await repo.findCodeById(trx, row.id);
      throw (fresh && refusal(fresh, now)) ?? usedUp();
    }
    if (!(await repo.insertRedemptionOnce(trx, row.id, player.id, now))) throw already();
    const result = await creditEarning(trx, deps, {
      userId: player.id,
      amount: Number(row.amount),
      kind: 'promo',
      key: `promo:${row.id}:${player.id}`,
      description: `Promo code ${row.code}`,
      meta: { codeId: row.id, code: row.code },
    });
    if (!result.applied) throw already();
    return {
      success: true as const,
      amount: fromCents(Number(row.amount)),
      robux: fromCents(result.balance),
    };
  });
}

function toAdmin(row: CodeRow): AdminPromoCode {
  return {
    id: row.id,
    code: row.code,
    amount: fromCents(Number(row.amount)),
    maxUses: row.max_uses,
    uses: row.uses,
    expiresAt: row.expires_at,
    active: row.active === 1,
    createdAt: row.created_at,
  };
}

/**
 * Admin: creates a code (normalised to upper case). Validates its input itself, so any caller gets
 * the same rules, and writes the audit row in the same transaction.
 */
export async function createPromoCode(
  deps: Deps,
  input: CreatePromoCodeRequest,
  actor = 'admin',
): Promise<AdminPromoCode> {
  const { code, amount, maxUses, expiresAt } = parseInput(createPromoCodeRequest, input);
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.insertCode(trx, {
      code,
      amount: toCents(amount),
      maxUses: maxUses ?? null,
      expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null,
      createdAt: now,
    });
    if (!row) throw conflict(`A promo code ${code} already exists.`);
    const created = toAdmin(row);
    await insertAudit(
      trx,
      { actor, action: 'promocode.create', target: `promocode:${row.id}`, after: created },
      now,
    );
    return created;
  });
}

/** Admin: switches a code on or off (an inactive code answers "Invalid promo code."). */
export async function setPromoCodeActive(
  deps: Deps,
  id: number,
  active: boolean,
  actor = 'admin',
): Promise<AdminPromoCode> {
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.findCodeById(trx, id);
    if (!before) throw notFound('No promo code with that id.');
    const row = await repo.setActive(trx, id, active);
    if (!row) throw notFound('No promo code with that id.');
    const after = toAdmin(row);
    await insertAudit(
      trx,
      {
        actor,
        action: active ? 'promocode.activate' : 'promocode.deactivate',
        target: `promocode:${id}`,
        before: { active: before.active === 1 },
        after: { active: after.active },
      },
      now,
    );
    return after;
  });
}

/** Admin: every code, newest first, with its use count. */
export async function listPromoCodes(deps: Deps): Promise<AdminPromoCode[]> {
  return (await repo.listCodes(deps.db)).map(toAdmin);
}
