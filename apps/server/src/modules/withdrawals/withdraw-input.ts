import { fromCents, parseGamepassId, type WithdrawalMethod } from '@rewards/contracts';
import type { Env } from '../../env.ts';
import { AppError, badRequest } from '../../shared/errors.ts';
import { negativeBalanceMessage } from './withdrawal-blocks.ts';

// What a withdrawal request says, read the way the spec's client words its errors.

export interface WithdrawInput {
  gamepassId?: unknown;
  gamepassUrl?: unknown;
  amount?: unknown;
  method?: WithdrawalMethod | null;
}

/** "12.5" for R$12.50: the way the spec's client words the balance. Never negative. */
function robuxText(cents: number): string {
  return String(fromCents(Math.max(0, cents)));
}

export const insufficientBalance = (balanceCents: number) =>
  new AppError(
    409,
    'INSUFFICIENT_FUNDS',
    balanceCents < 0
      ? negativeBalanceMessage(balanceCents)
      : `You only have ${robuxText(balanceCents)} Robux available.`,
    balanceCents < 0
      ? { reason: 'NEGATIVE_BALANCE', balance: fromCents(balanceCents) }
      : { balance: fromCents(balanceCents) },
  );

/** The bounds of one withdrawal in whole R$ (never below 1), as requests are held to and the page tells. */
export function withdrawalBounds(env: Pick<Env, 'MIN_WITHDRAWAL' | 'MAX_WITHDRAWAL'>) {
  return { minimum: Math.max(1, env.MIN_WITHDRAWAL), maximum: env.MAX_WITHDRAWAL };
}

/** A whole number of Robux within the bounds; "10" counts, "abc", 2.5, 0 and -5 do not. */
export function parseAmount(
  raw: unknown,
  { minimum, maximum }: { minimum: number; maximum: number },
): number {
  const value = typeof raw === 'string' && /^\s*\d{1,9}\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < minimum || value > maximum) {
    throw badRequest(`Enter a whole number of Robux between ${minimum} and ${maximum}.`, {
      reason: 'AMOUNT_OUT_OF_RANGE',
      minimum,
      maximum,
    });
  }
  return value;
}

export function gamepassFrom(input: WithdrawInput): number {
  const raw = [input.gamepassUrl, input.gamepassId].find((v) => v !== undefined && v !== null && v !== '');
  if (raw === undefined) {
    throw badRequest('Enter the link of your gamepass.', { reason: 'GAMEPASS_LINK_MISSING' });
  }
  const id = parseGamepassId(raw);
  if (id === null) {
    throw badRequest(
      'Could not find a gamepass ID in that link. Paste the link of your gamepass, e.g. https://www.roblox.com/game-pass/123456/My-Pass.',
      { reason: 'GAMEPASS_LINK_INVALID' },
    );
  }
  return id;
}
