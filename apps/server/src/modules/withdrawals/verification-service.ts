import {
  CODE_NOT_IN_BIO_MESSAGE,
  NO_CODE_MESSAGE,
  VERIFIED_MESSAGE,
  type RefreshVerificationResponse,
  type VerifyBioResponse,
} from '@rewards/contracts';
import type { Player } from '../../plugins/authenticate.ts';
import type { Deps } from '../../shared/deps.ts';
import { newVerificationSentence } from '../users/verification-sentence.ts';
import { badRequest, conflict, notFound } from '../../shared/errors.ts';
import * as repo from './verification-repository.ts';

/** Lower case, every run of whitespace one space: line breaks and double spaces in a bio still match. */
export function normaliseText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

export function bioContainsSentence(description: string, sentence: string): boolean {
  const wanted = normaliseText(sentence);
  return wanted.length > 0 && normaliseText(description).includes(wanted);
}

async function loadState(deps: Deps, player: Player) {
  const state = await repo.findVerificationState(deps.db, player.id);
  if (!state) throw notFound('Account not found.');
  return state;
}

/**
 * Reads the caller's Roblox profile description (never cached) and marks the account verified
 * when the account's sentence is in it. Whatever the body names, only the session's account counts.
 */
export async function verifyBio(deps: Deps, player: Player): Promise<VerifyBioResponse> {
  const state = await loadState(deps, player);
  if (state.verified === 1) return { success: true, message: VERIFIED_MESSAGE };
  const sentence = state.verification_code;
  if (!sentence) throw badRequest(NO_CODE_MESSAGE);

  // Throws 503 "Roblox is not responding, please try again" when Roblox is down; nothing changes.
  const profile = await deps.roblox.getProfile(Number(state.roblox_id));
  if (!profile) {
    throw notFound('Your Roblox profile could not be found. Is the account still active?');
  }
  if (!bioContainsSentence(profile.description, sentence)) {
    throw badRequest(CODE_NOT_IN_BIO_MESSAGE);
  }
  if (!(await repo.markVerified(deps.db, player.id, sentence))) {
    // The sentence was refreshed while Roblox answered: the bio holds the old one.
    throw conflict('Your verification sentence changed. Put the new sentence in your bio and verify again.');
  }
  return { success: true, message: VERIFIED_MESSAGE };
}

/** Assigns a new sentence; refused once the account is verified. */
export async function refreshSentence(deps: Deps, player: Player): Promise<RefreshVerificationResponse> {
  const state = await loadState(deps, player);
  if (state.verified === 1) {
    throw conflict('Your Roblox profile is already verified.');
  }
  const sentence = newVerificationSentence();
  if (!(await repo.replaceSentence(deps.db, player.id, sentence))) {
    throw conflict('Your Roblox profile is already verified.');
  }
  return { verificationCode: sentence };
}
