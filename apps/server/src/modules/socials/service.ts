import { fromCents, type SocialClaimResponse, type SocialsResponse } from '@rewards/contracts';
import type { Player } from '../auth/index.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../shared/errors.ts';
import { configuredSocials, findSocial, socialKey, type SocialConfig } from './config.ts';
import * as repo from './repository.ts';
import { creditEarningAlone } from '../ledger/index.ts';

export const ALREADY_CLAIMED_MESSAGE = 'You already claimed this reward.';

/** The ledger keys of `socials` that `userId` claimed. */
function claimedKeys(deps: Deps, socials: readonly SocialConfig[], userId: number): Promise<Set<string>> {
  return repo.existingKeys(
    deps.db,
    socials.map((s) => socialKey(s.id, userId)),
  );
}

/**
 * The configured socials with the caller's claimed flags (a flag is the existence of the ledger key).
 * A social without a link is left out, even when the player claimed it before.
 */
export async function listSocials(deps: Deps, player: Player): Promise<SocialsResponse> {
  const socials = configuredSocials(deps.env);
  const claimed = await claimedKeys(deps, socials, player.id);
  return {
    socials: socials.map((s) => ({
      id: s.id,
      name: s.name,
      reward: fromCents(s.reward),
      url: s.url,
      color: s.color,
      claimed: claimed.has(socialKey(s.id, player.id)),
    })),
  };
}

/**
 * Whether the player claimed one of the socials the site offers now (the ones the earn page shows);
 * null when it offers none.
 */
export async function claimedAnOfferedSocial(deps: Deps, userId: number): Promise<boolean | null> {
  const socials = configuredSocials(deps.env);
  if (socials.length === 0) return null;
  return (await claimedKeys(deps, socials, userId)).size > 0;
}

/**
 * Credits the social's reward once per account. The ledger key makes a repeat (also a concurrent
 * one) a no-op, which is answered with 409.
 */
export async function claimSocial(
  deps: Deps,
  player: Player,
  socialId: string,
): Promise<SocialClaimResponse> {
  // An unset link pays nothing: the id is known, but there is nothing to follow.
  const social = findSocial(deps.env, socialId);
  if (!social) throw notFound('No such social.');
  const result = await creditEarningAlone(deps, {
    userId: player.id,
    amount: social.reward,
    kind: 'social',
    key: socialKey(social.id, player.id),
    params: social.joined ? { platform: social.name, joined: true } : { platform: social.name },
    meta: { social: social.id },
  });
  if (!result.applied) throw conflict(ALREADY_CLAIMED_MESSAGE);
  return { success: true, amount: fromCents(social.reward), robux: fromCents(result.balance) };
}
