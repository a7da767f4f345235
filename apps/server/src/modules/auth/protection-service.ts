import {
  ACCOUNT_PROTECTED_MESSAGE,
  type LoginProofChallenge,
  type LoginResponse,
  type ProtectionRequest,
  type ProtectionResponse,
} from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, banned, forbidden, notFound } from '../../shared/errors.ts';
import * as signals from '../signals/index.ts';
import * as users from '../users/index.ts';
import { normaliseText } from '../withdrawals/index.ts';
import * as repo from './protection-repository.ts';
import type { Player } from './session-hook.ts';
import { startSession } from './service.ts';
import { hashToken, newSessionToken } from './tokens.ts';

/** How long a bio sentence handed out may be used, and how long a proven session may turn protection off. */
const PROOF_TTL_MS = 10 * 60 * 1000;

const PROOF_GONE = 'This proof has expired or was already used. Type your name again for a new sentence.';
const NOT_IN_BIO =
  "The sentence is not in your Roblox profile's About yet. Save it there, then press Check again.";

/** A fresh random sentence that opens `userId` once it is in that account's bio (for 10 minutes). */
export async function newLoginProof(deps: Deps, userId: number): Promise<LoginProofChallenge> {
  const now = deps.clock.now();
  const { token, hash } = newSessionToken();
  const sentence = users.newVerificationSentence();
  const expiresAt = new Date(now.getTime() + PROOF_TTL_MS).toISOString();
  await repo.insertLoginProof(deps.db, {
    tokenHash: hash,
    userId,
    sentence,
    createdAt: now.toISOString(),
    expiresAt,
  });
  return { proofToken: token, sentence, expiresAt };
}

/**
 * The refusal of a typed sign-in to a protected account: no session, a stable code, and what the
 * page needs to continue (a fresh sentence and its token). Anyone may type the name, so the proof
 * tells nothing about the account beyond that it is protected.
 */
export async function protectedSignInRefusal(deps: Deps, userId: number): Promise<AppError> {
  const proof = await newLoginProof(deps, userId);
  return new AppError(403, 'ACCOUNT_PROTECTED', ACCOUNT_PROTECTED_MESSAGE, {
    message: ACCOUNT_PROTECTED_MESSAGE,
    proof,
  });
}

/**
 * Checks the proof's sentence in the account's Roblox bio as it is now (never cached), then uses the
 * proof once. A wrong bio leaves the proof usable, so the owner can fix it and check again.
 */
async function useBioProof(deps: Deps, proofToken: string, userId?: number) {
  const proof = await repo.findLiveLoginProof(deps.db, hashToken(proofToken), deps.clock.now().toISOString());
  if (!proof || (userId !== undefined && proof.userId !== userId)) throw badRequest(PROOF_GONE);
  if (proof.status === 'banned') throw banned();
  // Throws 503 when Roblox is down; the proof stays usable.
  const profile = await deps.roblox.getProfile(Number(proof.roblox_id));
  if (!profile) throw notFound('The Roblox profile could not be found. Is the account still active?');
  if (!normaliseText(profile.description).includes(normaliseText(proof.sentence))) {
    throw badRequest(NOT_IN_BIO);
  }
  if (!(await repo.useLoginProof(deps.db, proof.proofId, deps.clock.now().toISOString()))) {
    throw badRequest(PROOF_GONE);
  }
  return proof;
}

/** POST /api/login/prove: the bio holds the sentence, so a session opens (proof `bio`). */
export async function proveLogin(
  deps: Deps,
  proofToken: string,
  origin: signals.SignInOrigin,
  userAgent: string | undefined,
): Promise<LoginResponse> {
  const proof = await useBioProof(deps, proofToken);
  const account = await users.findUserById(deps.db, proof.userId);
  if (!account) throw badRequest(PROOF_GONE);
  // Banned while the proof was being checked: it stays banned.
  if (account.status === 'banned') throw banned();
  const hashes = await signals.hashSignals(deps, origin);
  await deps.db.transaction().execute(async (trx) => {
    await signals.lockSignals(trx, hashes);
    await signals.recordSignIn(trx, deps, account.id, hashes, false);
  });
  return startSession(deps, account, { proof: 'bio', userAgent });
}

/** Whether the calling session itself was opened by proof in the last 10 minutes. */
async function sessionRecentlyProven(deps: Deps, player: Player): Promise<boolean> {
  const session = await repo.findSessionProof(deps.db, hashToken(player.token));
  if (!session || (session.proof !== 'bio' && session.proof !== 'roblox')) return false;
  return deps.clock.now().getTime() - new Date(session.created_at).getTime() < PROOF_TTL_MS;
}

/**
 * Proof of ownership from the last 10 minutes, as signing in to a protected account needs: the bio
 * proof `proofToken` names (used once), or this session was itself opened by proof. Otherwise 403
 * PROOF_REQUIRED with `refusal`. Turning protection off and deleting a protected account ask for it.
 */
export async function requireOwnershipProof(
  deps: Deps,
  player: Player,
  proofToken: string | undefined,
  refusal: string,
): Promise<void> {
  if (proofToken) await useBioProof(deps, proofToken, player.id);
  else if (!(await sessionRecentlyProven(deps, player))) throw new AppError(403, 'PROOF_REQUIRED', refusal);
}

/** Whether acting on this protected account now needs a `proofToken` (the session is not itself proof). */
export async function ownershipProofNeeded(deps: Deps, player: Player): Promise<boolean> {
  return !(await sessionRecentlyProven(deps, player));
}

/**
 * POST /api/account/protection. On: verified accounts only (ownership was proven once). Off: needs
 * proof from the last 10 minutes, as signing in would, so a typed-name session of an impostor
 * (from before protection was on) cannot turn it off.
 */
export async function setProtection(
  deps: Deps,
  player: Player,
  input: ProtectionRequest,
): Promise<ProtectionResponse> {
  const account = await repo.findAccountForProtection(deps.db, player.id);
  if (!account) throw notFound('Account not found.');
  if (input.on) {
    if (account.verified !== 1) {
      throw forbidden('Verify your Roblox profile first: only a verified account can be protected.');
    }
    await repo.setProtected(deps.db, player.id, true);
    return { protected: true };
  }
  if (account.protected !== 1) return { protected: false };
  await requireOwnershipProof(
    deps,
    player,
    input.proofToken,
    "Prove this account is yours to turn protection off: put the sentence in your Roblox profile's About.",
  );
  await repo.setProtected(deps.db, player.id, false);
  return { protected: false };
}
