import { gamepassPriceFor, type WithdrawalMethod } from '@rewards/contracts';
import { ApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { errorMessage } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import type { WithdrawField } from './withdraw-checks';

/** Codes by which the server refuses the gamepass itself (its owner, price, sale, regional pricing, reuse). */
const GAMEPASS_CODES = new Set(['NOT_FOUND', 'FORBIDDEN', 'VALIDATION', 'REGIONAL_PRICING', 'CONFLICT']);

/**
 * What a refused withdrawal says, and the field it is about. In English the server's own sentence (it
 * names the price to set); in Dutch and French this form knows better than the generic sentence of a
 * code what NOT_FOUND or VALIDATION mean for a gamepass.
 */
export function submitRefusal(
  err: unknown,
  method: WithdrawalMethod,
  robux: number | null,
): { text: string; field?: WithdrawField } {
  if (!(err instanceof ApiError)) return { text: errorMessage(err) };
  const gamepass = method === 'gamepass';
  const field: WithdrawField | undefined =
    err.code === 'INSUFFICIENT_FUNDS'
      ? 'amount'
      : gamepass && GAMEPASS_CODES.has(err.code)
        ? 'link'
        : undefined;
  if (currentLocale() === 'en') return { text: errorMessage(err), field };
  const price = robux === null ? null : formatCount(gamepassPriceFor(robux));
  const own: Record<string, (() => string) | undefined> = gamepass
    ? {
        NOT_FOUND: m.withdraw_refused_pass_not_found,
        FORBIDDEN: m.withdraw_refused_pass_not_yours,
        VALIDATION: price === null ? undefined : () => m.withdraw_refused_pass_price({ price }),
        CONFLICT: m.withdraw_refused_pass_used,
      }
    : { CONFLICT: m.withdraw_refused_group_in_flight };
  return { text: own[err.code]?.() ?? errorMessage(err), field };
}
