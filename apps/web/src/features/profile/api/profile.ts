import { useMutation } from '@tanstack/react-query';
import type { ProfileResponse, RefreshVerificationResponse } from '@rewards/contracts';
import { ApiError, apiFetch, bodyFields, textField } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { errorMessage } from '@/lib/toast';
import { forgetReferral, storedReferral } from '@/lib/session';
import { m } from '@/paraglide/messages.js';
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

/** The spec's verification messages (§8), in the player's language. */
export const VERIFY_MESSAGES = {
  noRobloxId: m.profile_verify_no_roblox_id,
  noCode: m.profile_verify_no_code,
  notInBio: m.profile_verify_not_in_bio,
  verified: m.profile_verify_success,
  unexpected: m.profile_verify_unexpected,
  network: m.profile_verify_network,
  serverError: (status: number) => m.profile_verify_server_error({ status: String(status) }),
  copied: m.profile_verify_copied,
  copyFailed: m.profile_verify_copy_failed,
};

const english = () => currentLocale() === 'en';

export interface VerifyOutcome {
  ok: boolean;
  message: string;
}

/**
 * `POST /api/verify-bio` with the spec's body (the server uses the session, not the body), read the
 * way the spec's client reads it: the server's message, else "Server error (status)"; a 2xx answer
 * without a `success` flag is an "Unexpected server response"; no answer at all is a network error.
 * In Dutch and French the server's English sentences give way to the page's own (or the error code's).
 */
export async function verifyBio(body: {
  username: string;
  userId: number;
  code: string;
}): Promise<VerifyOutcome> {
  let data: unknown;
  try {
    // The link this browser first came with: its referrer counts if this check proves the account.
    data = await apiFetch<unknown>('/api/verify-bio', {
      method: 'POST',
      body: { ...body, ref: storedReferral() ?? null },
    });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 0)
      return { ok: false, message: VERIFY_MESSAGES.network() };
    const message = textField(bodyFields(err.body).message);
    if (!english())
      return { ok: false, message: message ? errorMessage(err) : VERIFY_MESSAGES.serverError(err.status) };
    return { ok: false, message: message ?? VERIFY_MESSAGES.serverError(err.status) };
  }
  const record = bodyFields(data);
  const message = (english() && textField(record.message)) || undefined;
  if (record.success === true) {
    forgetReferral();
    return { ok: true, message: message ?? VERIFY_MESSAGES.verified() };
  }
  if (record.success === false) return { ok: false, message: message ?? VERIFY_MESSAGES.notInBio() };
  return { ok: false, message: VERIFY_MESSAGES.unexpected() };
}
