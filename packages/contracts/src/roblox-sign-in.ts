import { z } from 'zod';
import { loginRequest } from './auth.ts';

/**
 * Sign in with Roblox: OpenID Connect with Roblox as the provider. The browser goes to
 * GET /api/auth/roblox/start, Roblox sends it back to GET /api/auth/roblox/callback, which sends it
 * to the login page with a one-time code (`/login?roblox=…`) or a failure (`/login?error=…`); the page
 * trades the code for the session with POST /api/auth/roblox/finish. The session token is never in a URL.
 */

/** GET /api/auth/roblox/config: whether the login page shows the button. */
export const robloxSignInConfigResponse = z.object({ enabled: z.boolean() });
export type RobloxSignInConfigResponse = z.infer<typeof robloxSignInConfigResponse>;

/** GET /api/auth/roblox/start: `ref` is the login page's, applied if the account is created. */
export const robloxSignInStartQuery = z.object({ ref: loginRequest.shape.ref });

/**
 * GET /api/auth/roblox/callback: whatever the provider sent. Every field is optional so that a wrong
 * answer is still sent back to the login page with a message, never shown as a bare 400.
 */
const providerParam = z.string().max(2000).optional();
export const robloxSignInCallbackQuery = z
  .object({
    code: providerParam,
    state: providerParam,
    error: providerParam,
    error_description: providerParam,
    iss: providerParam,
  })
  .loose();

/** POST /api/auth/roblox/finish: the one-time code from `/login?roblox=…`; answers `loginResponse`. */
export const robloxSignInFinishRequest = z.object({ code: z.string().trim().min(1).max(100) });
export type RobloxSignInFinishRequest = z.infer<typeof robloxSignInFinishRequest>;

/** The stable `error` codes the callback sends to `/login?error=…`, and what the page says. */
export const ROBLOX_SIGN_IN_ERRORS = {
  roblox_expired:
    'Sign in with Roblox failed: the sign-in link expired or was already used. Please try again.',
  roblox_denied: 'Sign in with Roblox was cancelled. Please try again, or sign in with your username.',
  roblox_refused:
    "Sign in with Roblox failed: Roblox's answer could not be verified. No one was signed in. Please try again.",
  roblox_unavailable: 'Sign in with Roblox failed: Roblox is not responding. Please try again in a moment.',
  roblox_banned: 'This account is banned. Contact support on our community chat server.',
  roblox_too_many_accounts: 'Sign in with Roblox failed: this device has created too many accounts already.',
} as const;
export type RobloxSignInError = keyof typeof ROBLOX_SIGN_IN_ERRORS;

export function robloxSignInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return Object.hasOwn(ROBLOX_SIGN_IN_ERRORS, code) ? ROBLOX_SIGN_IN_ERRORS[code as RobloxSignInError] : null;
}
