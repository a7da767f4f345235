import {
  CODE_NOT_IN_BIO_MESSAGE,
  NO_CODE_MESSAGE,
  VERIFIED_MESSAGE,
  type RefreshVerificationResponse,
  type VerifyBioResponse,
} from '@rewards/contracts';
import type { Player } from './session-hook.ts';
import { markSessionHashProven, markSessionProven } from './session-proof.ts';
import { revokeSessions } from './sessions-repository.ts';
import { hashToken } from './tokens.ts';
import type { Deps } from '../../deps.ts';
import { findUserByName, newVerificationSentence, normaliseText } from '../users/index.ts';
import { keptSignals, recordProvenSignals, recordProvenSignIn, type SignInOrigin } from '../signals/index.ts';
import type { ReferralVia } from '../../db/schema.ts';
import { payReferralOnVerified } from '../ledger/index.ts';
import { badRequest, conflict, notFound } from '../../shared/errors.ts';
import * as repo from './verification-repository.ts';

async function loadState(deps: Deps, player: Player) {
  const state = await repo.findVerificationState(deps.db, player.id);
  if (!state) throw notFound('Account not found.');
  return state;
}

/**
 * Reads the caller's Roblox profile description (never cached) and marks the account verified when
 * the sentence of a live session of the account is in it. Each session has a sentence of its own,
 * so the sentence found names the session whose holder proved the account: that session (whoever
 * called) is proven from then, for the acts that need recent proof, and the referrer is the one that
 * session's browser came with (`ref`, the link it first arrived with, counts only when the caller is
 * that session). When two sessions' sentences are found, the account is verified and no session is
 * proven. Sessions that never proved anything are signed out: whoever typed the name keeps nothing.
 */
export async function verifyBio(
  deps: Deps,
  player: Player,
  ref: string | null,
  origin: () => SignInOrigin,
): Promise<VerifyBioResponse> {
  const state = await loadState(deps, player);
  if (state.verified === 1) return { success: true, message: VERIFIED_MESSAGE };
  const own = await repo.findSessionSentence(deps.db, player.id, hashToken(player.token));
  if (!own?.sentence) throw badRequest(NO_CODE_MESSAGE);

  // Throws 503 "Roblox is not responding, please try again" when Roblox is down; nothing changes.
  const profile = await deps.roblox.getProfile(Number(state.roblox_id));
  if (!profile) {
    throw notFound('Your Roblox profile could not be found. Is the account still active?');
  }
  const now = deps.clock.now().toISOString();
  const found = await repo.findSessionsWithSentenceIn(
    deps.db,
    player.id,
    normaliseText(profile.description),
    now,
  );
  if (found.length === 0) {
    throw badRequest(CODE_NOT_IN_BIO_MESSAGE);
  }
  const protect = deps.env.PROTECT_PROVEN_ACCOUNTS;
  if (!(await repo.markVerified(deps.db, player.id, found[0]!.verification_code!, now, protect))) {
    // Another check verified it meanwhile: it settled the referrer and the sessions.
    if ((await loadState(deps, player)).verified === 1) return { success: true, message: VERIFIED_MESSAGE };
    // The sentence was refreshed (or its session ended) while Roblox answered: the bio holds an old one.
    throw conflict('Your verification sentence changed. Put the new sentence in your bio and verify again.');
  }
  const holder = found.length === 1 ? found[0]! : null;
  let refUserId: number | null = null;
  if (holder && holder.token_hash === hashToken(player.token)) {
    await markSessionProven(deps, player);
    // Its device and address were not recorded when the name was typed: they are the owner's now.
    await recordProvenSignIn(deps, player.id, origin());
    refUserId = await referrerOfProver(deps, player, ref, holder.ref_user_id);
  } else if (holder) {
    await markSessionHashProven(deps, holder.token_hash);
    // The holder's browser is the owner's: what its sign-in kept is recorded now.
    const kept = keptSignals(holder.device_hash, holder.address_hash);
    if (kept) await recordProvenSignals(deps, player.id, kept);
    refUserId = holder.ref_user_id;
  }
  await revokeSessions(deps.db, player.id, now, 'unproven');
  await settleReferral(deps, player.id, 'bio', refUserId);
  return { success: true, message: VERIFIED_MESSAGE };
}

/** The account a referral link's name points at, if it may refer `userId` (not itself, not deleted). */
export async function referrerNamed(deps: Deps, ref: string | null | undefined, userId: number) {
  if (!ref) return null;
  const referrer = await findUserByName(deps.db, ref);
  if (!referrer || referrer.id === userId || referrer.deleted_at !== null) return null;
  return referrer.id;
}

/**
 * The referrer a proving session brings: the referral link it names now (`ref`), else the one its
 * sign-in carried (`sessionRefUserId`, read from the session when not given).
 */
export async function referrerOfProver(
  deps: Deps,
  player: Player,
  ref: string | null | undefined,
  sessionRefUserId?: number | null,
): Promise<number | null> {
  const named = await referrerNamed(deps, ref, player.id);
  if (named !== null) return named;
  if (sessionRefUserId !== undefined) return sessionRefUserId;
  return (await repo.findSessionSentence(deps.db, player.id, hashToken(player.token)))?.refUserId ?? null;
}

/**
 * The account has just proved its owner for the first time: the referrer the proving browser came
 * with (if any) becomes its referrer, never one bound by someone else's typed sign-in; the referral
 * may then count, and the commission it waited for is paid.
 */
async function settleReferral(deps: Deps, userId: number, via: ReferralVia, refUserId: number | null) {
  if (refUserId !== null) await repo.attributeReferrer(deps.db, userId, refUserId, via);
  await payReferralOnVerified(deps, userId);
}

/**
 * The owner proved the account is theirs another way (Sign in with Roblox, or a fresh sentence from
 * a session already proven by it): verified (and protected, with PROTECT_PROVEN_ACCOUNTS) at once and,
 * as after the bio check, sessions that proved nothing are signed out, the referrer the proof carries
 * (asked only at this first proof) counts and the commission it waited for is paid.
 */
export async function markOwnerProven(
  deps: Deps,
  userId: number,
  via: ReferralVia,
  referrer: () => Promise<number | null>,
): Promise<void> {
  if (await repo.markVerifiedOutright(deps.db, userId, deps.env.PROTECT_PROVEN_ACCOUNTS)) {
    await revokeSessions(deps.db, userId, deps.clock.now().toISOString(), 'unproven');
    await settleReferral(deps, userId, via, await referrer());
  }
}

/**
 * Assigns this session a new sentence (the account's other sessions keep theirs); refused once the
 * account is verified.
 */
export async function refreshSentence(deps: Deps, player: Player): Promise<RefreshVerificationResponse> {
  const state = await loadState(deps, player);
  if (state.verified === 1) {
    throw conflict('Your Roblox profile is already verified.');
  }
  const sentence = newVerificationSentence();
  if (!(await repo.replaceSessionSentence(deps.db, player.id, hashToken(player.token), sentence))) {
    throw conflict('Your Roblox profile is already verified.');
  }
  return { verificationCode: sentence };
}

/**
 * The sentence the calling session shows (each session has its own; one from before that rule, or
 * whose sentence was cleared, gets a fresh one); null when the session is gone.
 */
export async function sessionSentence(deps: Deps, player: Player): Promise<string | null> {
  const hash = hashToken(player.token);
  const own = await repo.findSessionSentence(deps.db, player.id, hash);
  if (!own) return null;
  if (own.sentence) return own.sentence;
  await repo.assignSentenceIfNone(deps.db, hash, newVerificationSentence());
  return (await repo.findSessionSentence(deps.db, player.id, hash))?.sentence ?? null;
}
