import {
  ACCOUNT_PROTECTED_MESSAGE,
  type LoginResponse,
  type ProtectionRequest,
  type ProtectionResponse,
} from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, banned, forbidden, notFound } from '../../shared/errors.ts';
import * as signals from '../signals/index.ts';
import * as users from '../users/index.ts';
import { newLoginProof, requireOwnershipProof, useBioProof } from './ownership-proof.ts';
import * as repo from './protection-repository.ts';
import type { Player } from './session-hook.ts';
import { openAccount, startSession } from './session-start.ts';
import { revokeSessions } from './sessions-repository.ts';
import { markOwnerProven } from './verification-service.ts';

/**
 * The refusal of a typed sign-in to a protected account: no session, a stable code, and what the
 * page needs to continue (a fresh sentence and its token). Anyone may type the name, so the proof
 * tells nothing about the account beyond that it is protected.
 */
export async function protectedSignInRefusal(
  deps: Deps,
  userId: number,
  robloxId?: number,
): Promise<AppError> {
  const proof = await newLoginProof(deps, userId, robloxId);
  return new AppError(403, 'ACCOUNT_PROTECTED', ACCOUNT_PROTECTED_MESSAGE, {
    message: ACCOUNT_PROTECTED_MESSAGE,
    proof,
  });
}

/** Whether typing this account's name must be refused: it is protected (and not banned: the ban says so). */
export function typedNameRefused(account: { protected: number; status: string }): boolean {
  return account.protected === 1 && account.status !== 'banned';
}

/** POST /api/login/prove: the bio holds the sentence, so a session opens (proof `bio`). */
export async function proveLogin(
  deps: Deps,
  proofToken: string,
  origin: signals.SignInOrigin,
  userAgent: string | undefined,
): Promise<LoginResponse> {
  const proof = await useBioProof(deps, proofToken);
  let account = await users.findUserById(deps.db, proof.userId);
  if (!account) throw badRequest('This proof has expired or was already used. Type your name again.');
  // A deleted account asked back: its Roblox account proved it, so it opens again (session-start.ts).
  if (account.deleted_at !== null) {
    account = await openAccount(deps, proof.profile, origin, 'roblox');
  }
  // Banned while the proof was being checked: it stays banned.
  if (account.status === 'banned') throw banned();
  // The bio proved the owner: an account that had not been proven yet (deleted by staff before its
  // first proof, then asked back) is verified and protected now, as after the bio check, so its
  // name alone no longer opens it. The proof carries no referral link.
  await markOwnerProven(deps, account.id, 'bio', async () => null);
  await signals.recordProvenSignIn(deps, account.id, origin);
  return startSession(deps, account, { proof: 'bio', userAgent });
}

/**
 * POST /api/account/protection. On: verified accounts only (ownership was proven once). Either way
 * the session must have proven ownership in the last 10 minutes: turning it on from a typed-name
 * session would lock the owner out of their own account, turning it off would open it to anyone.
 */
export async function setProtection(
  deps: Deps,
  player: Player,
  input: ProtectionRequest,
): Promise<ProtectionResponse> {
  const account = await repo.findAccountForProtection(deps.db, player.id);
  if (!account) throw notFound('Account not found.');
  if (input.on && account.verified !== 1) {
    throw forbidden('Verify your Roblox profile first: only a verified account can be protected.');
  }
  if ((account.protected === 1) === input.on) return { protected: input.on };
  await requireOwnershipProof(
    deps,
    player,
    input.proofToken,
    input.on
      ? "Prove this account is yours to turn protection on: put the sentence in your Roblox profile's About."
      : "Prove this account is yours to turn protection off: put the sentence in your Roblox profile's About.",
  );
  await repo.setProtected(deps.db, player.id, input.on);
  if (input.on) await revokeSessions(deps.db, player.id, deps.clock.now().toISOString(), 'unproven');
  return { protected: input.on };
}
