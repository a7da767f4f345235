import {
  OWNERSHIP_PROOF_MESSAGE,
  type LoginProofChallenge,
  type ProveOwnershipRequest,
  type ProveOwnershipResponse,
} from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, banned, notFound } from '../../shared/errors.ts';
import * as users from '../users/index.ts';
import * as repo from './protection-repository.ts';
import { openRobloxId, sealRobloxId } from './sealed-roblox-id.ts';
import type { Player } from './session-hook.ts';
import { hashToken, newSessionToken } from './tokens.ts';
import { markSessionProven, PROOF_TTL_MS, sessionRecentlyProven } from './session-proof.ts';
import { markOwnerProven, referrerOfProver } from './verification-service.ts';

/**
 * Proof of ownership. Anyone can type anyone's Roblox name, so a session opened that way may earn for
 * the account (credits only ever go to it) but not hurt or expose it: deleting, downloading the data,
 * signing other sessions out and changing protection need the session to have proven ownership in the
 * last 10 minutes, by a fresh sentence in the Roblox bio or by Sign in with Roblox.
 */

const PROOF_GONE = 'This proof has expired or was already used. Ask for a new sentence.';
const NOT_IN_BIO =
  "The sentence is not in your Roblox profile's About yet. Save it there, then press Check again.";

/**
 * A fresh random sentence that proves `userId` once it is in that account's bio (for 10 minutes);
 * `robloxId`: the Roblox account to check instead, for a deleted account (which keeps none).
 */
export async function newLoginProof(
  deps: Deps,
  userId: number,
  robloxId?: number,
): Promise<LoginProofChallenge> {
  const now = deps.clock.now();
  const { token, hash } = newSessionToken();
  const sentence = users.newVerificationSentence();
  const expiresAt = new Date(now.getTime() + PROOF_TTL_MS).toISOString();
  await repo.insertLoginProof(deps.db, {
    tokenHash: hash,
    userId,
    sealedRobloxId: robloxId === undefined ? undefined : sealRobloxId(token, robloxId),
    sentence,
    createdAt: now.toISOString(),
    expiresAt,
  });
  return { proofToken: token, sentence, expiresAt };
}

/**
 * Checks the proof's sentence in the account's Roblox bio as it is now (never cached), then uses the
 * proof once. A wrong bio leaves the proof usable, so the owner can fix it and check again.
 * `userId`: the proof must be of that account (a session proving itself, banned or not).
 */
export async function useBioProof(deps: Deps, proofToken: string, userId?: number) {
  const proof = await repo.findLiveLoginProof(deps.db, hashToken(proofToken), deps.clock.now().toISOString());
  if (!proof || (userId !== undefined && proof.userId !== userId)) throw badRequest(PROOF_GONE);
  // A banned account opens no new session; its own session may still prove itself (its data).
  if (proof.status === 'banned' && userId === undefined) throw banned();
  // Throws 503 when Roblox is down; the proof stays usable.
  const robloxId = proof.sealed_roblox_id
    ? openRobloxId(proofToken, proof.sealed_roblox_id)
    : Number(proof.roblox_id);
  const profile = await deps.roblox.getProfile(robloxId);
  if (!profile) throw notFound('The Roblox profile could not be found. Is the account still active?');
  if (!users.normaliseText(profile.description).includes(users.normaliseText(proof.sentence))) {
    throw badRequest(NOT_IN_BIO);
  }
  if (!(await repo.useLoginProof(deps.db, proof.proofId, deps.clock.now().toISOString()))) {
    throw badRequest(PROOF_GONE);
  }
  return { ...proof, profile };
}

/**
 * The sentence of `proofToken` is in the bio: the session has proven ownership (for 10 minutes), and
 * the account counts as proven (verified, protected by default; a first proof settles the referrer
 * this browser came with: `ref`, or the one its sign-in carried).
 */
async function proveWithBio(deps: Deps, player: Player, proofToken: string, ref?: string | null) {
  await useBioProof(deps, proofToken, player.id);
  const at = await markSessionProven(deps, player);
  await markOwnerProven(deps, player.id, 'bio', () => referrerOfProver(deps, player, ref));
  return at;
}

/** POST /api/account/prove: answers until when this session may act on its proof. */
export async function proveSession(
  deps: Deps,
  player: Player,
  input: ProveOwnershipRequest,
): Promise<ProveOwnershipResponse> {
  const at = await proveWithBio(deps, player, input.proofToken, input.ref);
  return { provenUntil: new Date(new Date(at).getTime() + PROOF_TTL_MS).toISOString() };
}

/**
 * Proof of ownership from the last 10 minutes before an act that could hurt or expose the owner: the
 * bio proof `proofToken` names (used once; the session counts as proven from then), or the session
 * proved itself lately. Otherwise 403 PROOF_REQUIRED with `refusal`.
 */
export async function requireOwnershipProof(
  deps: Deps,
  player: Player,
  proofToken?: string,
  refusal: string = OWNERSHIP_PROOF_MESSAGE,
): Promise<void> {
  if (proofToken) await proveWithBio(deps, player, proofToken);
  else if (!sessionRecentlyProven(deps, player)) throw new AppError(403, 'PROOF_REQUIRED', refusal);
}
