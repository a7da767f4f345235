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
import type { PromoRefusal } from './redeem-write.ts';
import { redeemOnce } from './redeem-write.ts';
import { requireCompletedOffer } from '../offer-gate.ts';
import { parseInput } from '../../../shared/parse-input.ts';

type CodeRow = Selectable<PromoCodesTable>;

const refusals: Record<PromoRefusal, () => AppError> = {
  invalid: () => notFound(PROMO_ERRORS.invalid, { reason: 'PROMO_INVALID' }),
  expired: () => conflict(PROMO_ERRORS.expired, { reason: 'PROMO_EXPIRED' }),
  used_up: () => conflict(PROMO_ERRORS.usedUp, { reason: 'PROMO_USED_UP' }),
  already: () => conflict(PROMO_ERRORS.already, { reason: 'PROMO_ALREADY_REDEEMED' }),
};

/** Redeems a code for the signed-in player (redeem-write.ts: at most once, with the use count). */
export async function redeemPromoCode(
  deps: Deps,
  player: Player,
  rawCode: string,
): Promise<PromoRedeemResponse> {
  const code = normalizePromoCode(rawCode);
  if (!code) throw badRequest('Please enter a promo code.');
  await requireCompletedOffer(deps, player);
  const result = await redeemOnce(deps, player.id, code, deps.clock.now().toISOString());
  if ('refused' in result) throw refusals[result.refused]();
  return { success: true as const, amount: fromCents(result.amount), robux: fromCents(result.balance) };
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
