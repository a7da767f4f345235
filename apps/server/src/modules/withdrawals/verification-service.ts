import {
  CODE_NOT_IN_BIO_MESSAGE,
  NO_CODE_MESSAGE,
  VERIFIED_MESSAGE,
  type RefreshVerificationResponse,
  type VerifyBioResponse,
} from '@rewards/contracts';
import { type Player, hashToken } from '../auth/index.ts';
import type { Deps } from '../../deps.ts';
import { newVerificationSentence } from '../users/index.ts';
import { payReferralOnVerified } from '../ledger/index.ts';
import { badRequest, conflict, notFound } from '../../shared/errors.ts';
import * as repo from './verification-repository.ts';

/** Lower case, every run of whitespace one space: line breaks and double spaces in a bio still match. */
export function normaliseText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

async function loadState(deps: Deps, player: Player) {
  const state = await repo.findVerificationState(deps.db, player.id);
  if (!state) throw notFound('Account not found.');
  return state;
}

/**
 * Reads the caller's Roblox profile description (never cached) and marks the account verified
 * when the sentence of any live session of the account is in it: each session has its own (another
 * session's Refresh never changes it), and whichever one the owner put in the bio proves ownership.
 * Whatever the body names, only the session's account counts.
 */
export async function verifyBio(deps: Deps, player: Player): Promise<VerifyBioResponse> {
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
  const sentence = await repo.findLiveSentenceIn(deps.db, player.id, normaliseText(profile.description), now);
  if (!sentence) {
    throw badRequest(CODE_NOT_IN_BIO_MESSAGE);
  }
  if (!(await repo.markVerified(deps.db, player.id, sentence, now))) {
    // The sentence was refreshed (or its session ended) while Roblox answered: the bio holds an old one.
    throw conflict('Your verification sentence changed. Put the new sentence in your bio and verify again.');
  }
  // The referral of a proven account may count now, and the commission it waited for is paid.
  await payReferralOnVerified(deps, player.id);
  return { success: true, message: VERIFIED_MESSAGE };
}

/**
 * The owner proved the account is theirs another way (Sign in with Roblox): verified at once, and,
 * as after the bio check, its referral counts and the commission it waited for is paid.
 */
export async function markOwnerProven(deps: Deps, userId: number): Promise<void> {
  if (await repo.markVerifiedOutright(deps.db, userId)) await payReferralOnVerified(deps, userId);
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

/** The sentence the calling session shows (each session has its own); null when it has none. */
export async function sessionSentence(deps: Deps, player: Player): Promise<string | null> {
  const own = await repo.findSessionSentence(deps.db, player.id, hashToken(player.token));
  return own?.sentence ?? null;
}
