import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { WithdrawalsResponse, WithdrawRequest, WithdrawResponse } from '@rewards/contracts';
import { ApiError, apiFetch, FALLBACK_ERROR_MESSAGE } from '@/lib/api-client';
import { BALANCE_POLL_MS } from '@/config/site';
import { BALANCE_UPDATED_EVENT } from '@/lib/balance';
import { clearSession, getSession, getToken, useSession } from '@/lib/session';

export const withdrawalsQueryKey = (username: string) => ['withdrawals', username.toLowerCase()] as const;

/** The player's own recent withdrawals (`GET /api/withdrawals`), refreshed with the balance. */
export function useWithdrawals() {
  const session = useSession();
  const username = session?.username ?? '';
  const query = useQuery({
    queryKey: withdrawalsQueryKey(username),
    queryFn: ({ signal }) => apiFetch<WithdrawalsResponse>('/api/withdrawals', { signal }),
    enabled: Boolean(username && session?.token),
    refetchInterval: BALANCE_POLL_MS,
  });
  const { refetch } = query;
  useEffect(() => {
    if (!username) return;
    const onUpdate = () => void refetch();
    window.addEventListener(BALANCE_UPDATED_EVENT, onUpdate);
    return () => window.removeEventListener(BALANCE_UPDATED_EVENT, onUpdate);
  }, [username, refetch]);
  return query;
}

/** A random key per submit; browsers without `randomUUID` (plain http) get one from getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function send(body: WithdrawRequest, key: string): Promise<WithdrawResponse> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch('/api/withdraw', {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(
      0,
      'NETWORK',
      'Could not reach the server. Please check your connection and try again.',
    );
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (!response.ok || record.success !== true) {
    if (response.status === 401 && token && getSession()) clearSession('expired');
    const text = [record.message, record.error].find(
      (v): v is string => typeof v === 'string' && v.trim() !== '',
    );
    throw new ApiError(
      response.status,
      typeof record.code === 'string' ? record.code : `HTTP_${response.status}`,
      text ?? FALLBACK_ERROR_MESSAGE,
    );
  }
  return data as WithdrawResponse;
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
