import type { LoginResponse, RobloxSignInError } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { AppError, banned } from '../../shared/errors.ts';
import type * as signals from '../signals/index.ts';
import * as users from '../users/index.ts';
import { markOwnerProven, referrerNamed } from './verification-service.ts';
import { providerUnreachable, newFlowSecrets, type RobloxProvider } from './roblox-sign-in-provider.ts';
import * as flows from './roblox-sign-in-repository.ts';
import { openAccount, startSession } from './session-start.ts';
import { hashToken, newSessionToken } from './tokens.ts';

/**
 * Sign in with Roblox. start → Roblox → callback → the login page → finish:
 * - start keeps the attempt (state, PKCE verifier, nonce, the page's ref; 10 minutes) with the hash of
 *   a random value it sets as an httpOnly cookie, and sends the browser to Roblox;
 * - the callback takes the attempt once, only from the browser holding that cookie (a callback link
 *   sent to someone else would sign them in to the sender's account), has the library exchange the
 *   code and check everything, then opens the account of the id token's `sub` as a typed name would
 *   (creation, device and address, ban, device limit), marks it verified (ownership is proven; the
 *   flow's ref becomes the referrer of an account proven for the first time), and sends the browser to
 *   the login page with a one-time code;
 * - finish trades that code (2 minutes, once, from the same browser: the cookie again) for a session
 *   with proof `roblox`, so the session token travels in a response body only, never in a URL, and a
 *   `/login?roblox=<code>` link sent to someone else opens nothing.
 */

const FLOW_TTL_MS = 10 * 60_000;
const FINISH_TTL_MS = 2 * 60_000;
export const CALLBACK_PATH = '/api/auth/roblox/callback';
const LOGIN_PATH = '/login';
/** The cookie that ties an attempt to its browser, sent only to the callback and the finish. */
export const FLOW_COOKIE = { name: 'rbx_oauth', path: '/api/auth/roblox', maxAgeS: FLOW_TTL_MS / 1000 };

/** The authorize URL, and the value the browser must keep in FLOW_COOKIE until the callback. */
export async function start(
  deps: Deps,
  provider: RobloxProvider,
  p: { ref: string | null; redirectUri: string },
): Promise<{ url: URL; browserKey: string }> {
  const secrets = newFlowSecrets();
  const browser = newSessionToken();
  const now = deps.clock.now();
  await flows.insertFlow(deps.db, {
    ...secrets,
    ref: p.ref || null,
    browserHash: browser.hash,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + FLOW_TTL_MS).toISOString(),
  });
  const url = await provider.authorizeUrl({ redirectUri: p.redirectUri, ...secrets });
  return { url, browserKey: browser.token };
}

class SignInFailure extends Error {
  constructor(
    readonly reason: RobloxSignInError,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const FAILURE_OF_APP_ERROR: Partial<Record<string, RobloxSignInError>> = {
  BANNED: 'roblox_banned',
  TOO_MANY_ACCOUNTS: 'roblox_too_many_accounts',
  ROBLOX_UNAVAILABLE: 'roblox_unavailable',
};

export type CallbackOutcome = { location: string; failure?: { reason: RobloxSignInError; cause: unknown } };

/** Where the browser goes after Roblox sent it back: the login page with a one-time code, or with why not. */
export async function callback(
  deps: Deps,
  provider: RobloxProvider,
  p: { callbackUrl: URL; origin: signals.SignInOrigin; browserKey: string | undefined },
): Promise<CallbackOutcome> {
  try {
    const code = await proveAccount(deps, provider, p);
    return { location: `${LOGIN_PATH}?${new URLSearchParams({ roblox: code })}` };
  } catch (err) {
    const reason =
      err instanceof SignInFailure
        ? err.reason
        : err instanceof AppError
          ? (FAILURE_OF_APP_ERROR[err.code] ?? 'roblox_refused')
          : 'roblox_unavailable';
    return {
      location: `${LOGIN_PATH}?${new URLSearchParams({ error: reason })}`,
      failure: { reason, cause: err },
    };
  }
}

async function proveAccount(
  deps: Deps,
  provider: RobloxProvider,
  p: { callbackUrl: URL; origin: signals.SignInOrigin; browserKey: string | undefined },
): Promise<string> {
  const params = p.callbackUrl.searchParams;
  const state = params.get('state');
  // Without the cookie of the browser that started it, the attempt is neither taken nor spent: the
  // callback link opened elsewhere does nothing, and the right browser can still finish.
  if (!state || !p.browserKey)
    throw new SignInFailure('roblox_expired', 'No attempt started in this browser');
  const flow = await flows.takeFlow(deps.db, state, hashToken(p.browserKey), deps.clock.now().toISOString());
  if (!flow) throw new SignInFailure('roblox_expired', 'Unknown, expired or used state, or another browser');
  if (params.get('error') === 'access_denied') throw new SignInFailure('roblox_denied', 'The player said no');

  let robloxId: string;
  try {
    ({ robloxId } = await provider.exchange(p.callbackUrl, {
      state: flow.state,
      nonce: flow.nonce,
      codeVerifier: flow.code_verifier,
    }));
  } catch (err) {
    const reason = providerUnreachable(err) ? 'roblox_unavailable' : 'roblox_refused';
    throw new SignInFailure(reason, 'The code exchange failed', { cause: err });
  }
  if (!/^\d{1,15}$/.test(robloxId))
    throw new SignInFailure('roblox_refused', `sub is not a Roblox id: ${robloxId}`);

  // The canonical name from Roblox's user API, as a typed-name sign-in reads it.
  const profile = await deps.roblox.getProfile(Number(robloxId));
  if (!profile) throw new SignInFailure('roblox_refused', `No Roblox user ${robloxId}`);
  const account = await openAccount(deps, profile, p.origin, 'roblox');
  await markOwnerProven(deps, account.id, 'roblox', () => referrerNamed(deps, flow.ref, account.id));

  const { token: code, hash } = newSessionToken();
  await flows.recordProvenAccount(deps.db, flow.state, account.id, hash);
  return code;
}

const finishFailed = () =>
  new AppError(
    401,
    'ROBLOX_SIGN_IN_FAILED',
    'Sign in with Roblox failed: the sign-in link expired or was already used. Please try again.',
  );

/** Trades the callback's one-time code for a session of the account it proved. */
export async function finish(
  deps: Deps,
  p: { code: string; browserKey: string | undefined; userAgent: string | undefined },
): Promise<LoginResponse> {
  const { code, browserKey, userAgent } = p;
  if (!browserKey) throw finishFailed();
  const now = deps.clock.now();
  const since = new Date(now.getTime() - FINISH_TTL_MS).toISOString();
  const userId = await flows.takeProvenAccount(
    deps.db,
    { finishHash: hashToken(code), browserHash: hashToken(browserKey) },
    now.toISOString(),
    since,
  );
  if (userId === undefined) throw finishFailed();
  const account = await users.findUserById(deps.db, userId);
  if (!account) throw finishFailed();
  // A ban between the callback and now still refuses.
  if (account.status === 'banned') throw banned();
  return startSession(deps, account, { proof: 'roblox', userAgent: userAgent ?? null });
}
