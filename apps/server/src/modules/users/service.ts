import { fromCents, type MeResponse, type ProfileResponse } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../shared/errors.ts';
import { pendingRobuxOf } from '../offers/index.ts';
import { sessionSentence, type Player } from '../auth/index.ts';
import { levelOf } from '../levels/index.ts';
import * as repo from './repository.ts';

async function loadOwnAccount(deps: Deps, player: Player) {
  const user = await repo.findUserById(deps.db, player.id);
  if (!user) throw notFound('Account not found.');
  return user;
}

export function getMe(player: Player): MeResponse {
  return {
    username: player.username,
    displayName: player.displayName,
    robloxId: player.robloxId,
    robux: fromCents(player.snapshot.balance),
    earnings: fromCents(player.snapshot.earnings),
    verified: player.snapshot.verified,
    status: player.status,
  };
}

export async function getProfile(deps: Deps, player: Player): Promise<ProfileResponse> {
  // Releasing due holds first means the balance below already includes them.
  const pendingRobux = await pendingRobuxOf(deps, player.id);
  const level = await levelOf(deps, player);
  const u = await loadOwnAccount(deps, player);
  // The sentence of this session: another session's Refresh does not change what this page shows.
  const verificationCode = await sessionSentence(deps, player);
  return {
    username: u.username,
    robloxId: Number(u.roblox_id),
    robux: fromCents(Number(u.balance)),
    pendingRobux,
    earnings: fromCents(Number(u.earnings)),
    offersCompleted: u.offers_completed,
    referralsMade: u.referrals_made,
    referralsEarned: fromCents(Number(u.referrals_earned)),
    joinedAt: u.joined_at,
    verificationCode,
    verified: u.verified === 1,
    protected: u.protected === 1,
    level,
  };
}
