import type { LoginRequest, LoginResponse } from '@rewards/contracts';
import { AppError, banned } from '../../shared/errors.ts';
import type { Deps } from '../../deps.ts';
import * as signals from '../signals/index.ts';
import * as users from '../users/index.ts';
import * as sessions from './repository.ts';
import { openAccount, startSession } from './session-start.ts';
import { hashToken } from './tokens.ts';
import { protectedSignInRefusal, typedNameRefused } from './protection-service.ts';
import { referrerNamed } from './verification-service.ts';

/**
 * Signs a player in by Roblox username. The first sign-in creates the account (unless its device
 * has created MAX_ACCOUNTS_PER_DEVICE already). Anyone may type any name, so the `ref` of a typed
 * sign-in binds nothing: it is kept on the session, and becomes the account's referrer only if this
 * browser is the one that proves the account (verification-service.ts, the bio check). A sign-in
 * that creates the account records its device and address (modules/signals); one that opens an
 * account that exists keeps them with its session, recorded if that session proves the account.
 */
export async function login(
  deps: Deps,
  input: LoginRequest,
  origin: signals.SignInOrigin,
  userAgent?: string,
): Promise<LoginResponse> {
  const robloxUser = await deps.roblox.findUserByName(input.username);
  if (!robloxUser) {
    throw new AppError(404, 'NOT_FOUND', 'No Roblox account has that username.');
  }
  // A protected account (by default, every account that proved its owner) is not opened by its name.
  // Refused before anything is recorded: anyone may type the name (a banned one goes on to the ban's refusal).
  const known = await users.findUserByRobloxId(deps.db, robloxUser.id);
  if (known && typedNameRefused(known)) {
    throw await protectedSignInRefusal(deps, known.id);
  }
  // A deleted account comes back to its Roblox account only on proof: a typed name that undid a
  // deletion would show the player's history to whoever typed it.
  if (!known) {
    const deleted = await users.deletedAccountOf(
      deps.db,
      (await signals.robloxIdHasher(deps))(robloxUser.id),
    );
    // Deleted while banned: refused as a banned account's name is, and never opened again.
    if (deleted?.status === 'banned') throw banned();
    if (deleted) throw await protectedSignInRefusal(deps, deleted.id, robloxUser.id);
  }
  const user = await openAccount(deps, robloxUser, origin, 'name');
  const refUserId = user.verified === 1 ? null : await referrerNamed(deps, input.ref, user.id);
  return startSession(deps, user, { proof: 'name', userAgent, refUserId, signals: user.signalHashes });
}

export async function logout(deps: Deps, token: string): Promise<void> {
  await sessions.revokeSession(deps.db, hashToken(token), deps.clock.now().toISOString());
}
