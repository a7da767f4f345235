import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@rewards/contracts';
import { apiFetch, ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { m } from '@/paraglide/messages.js';

/** Error codes whose message the player must see: they explain why signing in cannot work right now. */
const SHOWN_CODES = new Set([
  'BANNED',
  'ROBLOX_UNAVAILABLE',
  'RATE_LIMITED',
  'NETWORK',
  'HUMAN_CHECK_FAILED',
  'HUMAN_CHECK_UNAVAILABLE',
]);

export const INVALID_USERNAME_MESSAGE = 'Please enter a valid Roblox username.';

/** Whether the failure explains itself (banned, Roblox or our server down, rate-limited) rather than meaning "no such name". */
function explained(err: unknown): err is ApiError {
  return (
    err instanceof ApiError &&
    (SHOWN_CODES.has(err.code) ||
      err.status === 0 ||
      err.status === 403 ||
      err.status === 429 ||
      err.status >= 500)
  );
}

/**
 * The description of the "Login failed" toast: the spec's text for a name that cannot sign in, the server's
 * message (by its code in Dutch and French) when the account is banned, Roblox or our server is down, or
 * the player is rate-limited.
 */
export function loginFailureDescription(err: unknown): string {
  return explained(err) ? errorMessage(err) : m.auth_invalid_username();
}

/** Whether the failure refuses the name itself (no such player, or a banned one): said under the name field too. */
export function nameRefused(err: unknown): boolean {
  return !explained(err) || err.code === 'BANNED';
}

interface LoginInput {
  body: LoginRequest;
  /** The human check's token header, when the site asks for one. */
  headers?: Record<string, string>;
}

async function login({ body, headers }: LoginInput): Promise<LoginResponse> {
  const response = await apiFetch<LoginResponse>('/api/login', {
    method: 'POST',
    body,
    token: null,
    headers,
  });
  if (response?.success !== true || !response.token || !response.user) {
    throw new ApiError(200, 'INVALID_RESPONSE', INVALID_USERNAME_MESSAGE);
  }
  return response;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
