import { OFFER_REQUIRED_MESSAGE } from '@rewards/contracts';
import type { Player } from '../auth/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../shared/errors.ts';
import { findUserById } from '../users/index.ts';

/**
 * BONUSES_REQUIRE_OFFER (off by default): promo codes and the daily claim open only after the
 * account completed one offer or survey (`users.offers_completed` ≥ 1; a reversed one no longer
 * counts), so a fresh alt account cannot farm them. Refused with 403 OFFER_REQUIRED and a sentence
 * that says what to do.
 */
export async function requireCompletedOffer(deps: Deps, player: Player): Promise<void> {
  if (!deps.env.BONUSES_REQUIRE_OFFER) return;
  const user = await findUserById(deps.db, player.id);
  if (!user || user.offers_completed < 1) {
    throw new AppError(403, 'OFFER_REQUIRED', OFFER_REQUIRED_MESSAGE);
  }
}
