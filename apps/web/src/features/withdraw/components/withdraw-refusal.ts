import type { WithdrawalMethod } from '@rewards/contracts';
import { ApiError, bodyFields } from '@/lib/api-client';
import { errorMessage } from '@/lib/toast';
import type { WithdrawField } from './withdraw-checks';

/** Codes by which the server refuses the gamepass itself (its owner, price, sale, regional pricing, reuse). */
const GAMEPASS_CODES = new Set(['NOT_FOUND', 'FORBIDDEN', 'VALIDATION', 'REGIONAL_PRICING', 'CONFLICT']);

/**
 * What a refused withdrawal says (the errors table: the answer's reason and figures name the minimum or
 * the price to set), and the field it is about.
 */
export function submitRefusal(
  err: unknown,
  method: WithdrawalMethod,
): { text: string; field?: WithdrawField } {
  const text = errorMessage(err);
  if (!(err instanceof ApiError)) return { text };
  const reason = bodyFields(err.body).reason;
  const field: WithdrawField | undefined =
    err.code === 'INSUFFICIENT_FUNDS' || reason === 'AMOUNT_OUT_OF_RANGE'
      ? 'amount'
      : method === 'gamepass' && GAMEPASS_CODES.has(err.code) && reason !== 'NOT_VERIFIED'
        ? 'link'
        : undefined;
  return { text, field };
}
