import type { WithdrawalsResponse, WithdrawRequest, WithdrawResponse } from '@rewards/contracts';
import { ApiError, apiErrorFrom, apiFetch } from '@/lib/api-client';
import { BALANCE_POLL_MS } from '@/config/site';
import { playerQueryKey, usePlayerQuery } from '@/lib/player-query';

export const withdrawalsQueryKey = (username: string) => playerQueryKey('withdrawals', username);

/** The player's own recent withdrawals (`GET /api/withdrawals`), refreshed with the balance. */
export function useWithdrawals() {
  return usePlayerQuery<WithdrawalsResponse>('withdrawals', '/api/withdrawals', {
    refetchInterval: BALANCE_POLL_MS,
    followBalance: true,
  });
}

/** A random key per submit; browsers without `randomUUID` (plain http) get one from getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One attempt; a 2xx answer without `success: true` is a failure too. */
async function send(body: WithdrawRequest, key: string): Promise<WithdrawResponse> {
  const data = await apiFetch<WithdrawResponse | undefined>('/api/withdraw', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
  });
  if (data?.success !== true) throw apiErrorFrom(200, data);
  return data;
}

/**
 * `POST /api/withdraw` with an `Idempotency-Key`. When the answer is lost on the way (network error),
 * the same request is sent once more with the same key: the server answers with the first result, so
 * a retry can never withdraw twice.
 */
export async function submitWithdrawal(body: WithdrawRequest): Promise<WithdrawResponse> {
  const key = newIdempotencyKey();
  try {
    return await send(body, key);
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) return send(body, key);
    throw err;
  }
}
