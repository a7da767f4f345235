import { useMutation } from '@tanstack/react-query';
import {
  CODE_NOT_IN_BIO_MESSAGE,
  VERIFIED_MESSAGE,
  type ProfileResponse,
  type RefreshVerificationResponse,
} from '@rewards/contracts';
import { ApiError, apiFetch, bodyFields, textField } from '@/lib/api-client';
import { playerQueryKey, usePlayerQuery } from '@/lib/player-query';

export const profileQueryKey = (username: string) => playerQueryKey('profile', username);

/** `GET /api/profile/{username}`: the signed-in player's stats and verification state. */
export function useProfile() {
  return usePlayerQuery<ProfileResponse | null>(
    'profile',
    (username) => `/api/profile/${encodeURIComponent(username)}`,
    { followBalance: true },
  );
}

/** `POST /api/verification/refresh`: a new sentence (refused once verified). */
export function useRefreshSentence() {
  return useMutation({
    mutationFn: () => apiFetch<RefreshVerificationResponse>('/api/verification/refresh', { method: 'POST' }),
  });
}

export const VERIFY_MESSAGES = {
  noRobloxId: 'Roblox ID not set — please link your Roblox account first.',
  noCode: 'No verification code assigned. Contact support.',
  notInBio: CODE_NOT_IN_BIO_MESSAGE,
  verified: VERIFIED_MESSAGE,
  unexpected: 'Unexpected server response',
  network: 'Verification failed (network error)',
  serverError: (status: number) => `Server error (${status})`,
  copied: 'Verification code copied to clipboard.',
  copyFailed: 'Failed to copy code.',
} as const;

export interface VerifyOutcome {
  ok: boolean;
  message: string;
}

/**
 * `POST /api/verify-bio` with the spec's body (the server uses the session, not the body), read the
 * way the spec's client reads it: the server's message, else "Server error (status)"; a 2xx answer
 * without a `success` flag is an "Unexpected server response"; no answer at all is a network error.
 */
export async function verifyBio(body: {
  username: string;
  userId: number;
  code: string;
}): Promise<VerifyOutcome> {
  let data: unknown;
  try {
    data = await apiFetch<unknown>('/api/verify-bio', { method: 'POST', body });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 0)
      return { ok: false, message: VERIFY_MESSAGES.network };
    const message = textField(bodyFields(err.body).message);
    return { ok: false, message: message ?? VERIFY_MESSAGES.serverError(err.status) };
  }
  const record = bodyFields(data);
  const message = textField(record.message);
  if (record.success === true) return { ok: true, message: message ?? VERIFY_MESSAGES.verified };
  if (record.success === false) return { ok: false, message: message ?? VERIFY_MESSAGES.notInBio };
  return { ok: false, message: VERIFY_MESSAGES.unexpected };
}
