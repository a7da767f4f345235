import { fromCents, type LoginResponse } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { banned, conflict } from '../../shared/errors.ts';
import { insertAudit } from '../audit/index.ts';
import * as signals from '../signals/index.ts';
import * as users from '../users/index.ts';
import * as sessions from './repository.ts';
import { newSessionToken } from './tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type RobloxUser = { id: number; name: string; displayName: string };
export type OpenedAccount = Awaited<ReturnType<typeof openAccount>>;

/**
 * The account of a Roblox user, as any sign-in finds it: renamed to its current Roblox names, or
 * created (within the device's account limit, with no referrer: only proof of ownership sets one).
 * The sign-in's device and address are recorded when it creates the account or proves its owner
 * (`proof` 'roblox'). Refuses a banned account. Typed names and Sign in with Roblox share it.
 */
export async function openAccount(
  deps: Deps,
  robloxUser: RobloxUser,
  origin: signals.SignInOrigin,
  proof: 'name' | 'roblox',
) {
  const now = deps.clock.now();
  const hashes = await signals.hashSignals(deps, origin);
  const hashRobloxId = await signals.robloxIdHasher(deps);
  const user = await deps.db.transaction().execute(async (trx) => {
    await signals.lockSignals(trx, hashes);
    const existing = await users.findUserByRobloxId(trx, robloxUser.id);
    if (existing) {
      if (existing.username !== robloxUser.name || existing.display_name !== robloxUser.displayName) {
        await users.releaseNameHeldByOther(trx, robloxUser.name, robloxUser.id);
        await users.updateNames(trx, existing.id, robloxUser.name, robloxUser.displayName);
      }
      // A typed name records nothing on an account that exists: anyone may type the name of an
      // account that is not protected (or banned), and recording it would let a stranger link their
      // accounts, or any two others, to it: a race leader passed over as linked, a referrer's
      // commission stopped, a withdrawal sent to review as linked to a banned account. The owner's
      // devices are recorded when they prove the account (the bio check, a proven sign-in).
      if (existing.status !== 'banned' && proof === 'roblox')
        await signals.recordSignIn(trx, deps, existing.id, hashes, false);
      return { ...existing, username: robloxUser.name, display_name: robloxUser.displayName };
    }
    await users.releaseNameHeldByOther(trx, robloxUser.name, robloxUser.id);
    const names = {
      username: robloxUser.name,
      displayName: robloxUser.displayName,
      robloxId: robloxUser.id,
      verificationCode: users.newVerificationSentence(),
    };
    // A Roblox account whose account was deleted gets that account back, with what it used and what
    // it owes: deleting is not a way to claim one-time rewards again or to leave a debt behind
    // (docs/decisions/0043). Its balance was given up; whether typing its name needs proof is kept.
    // Only on proof: a typed name is refused before this (auth/service.ts), unless a deletion
    // landed in between. One deleted while banned stays deleted. It counts against the device's and
    // the address's account limits as a new account would: its deletion freed its place.
    const deleted = await users.deletedAccountOf(trx, hashRobloxId(robloxUser.id));
    if (deleted?.status === 'banned') throw banned();
    if (deleted && proof !== 'roblox') throw conflict('This account was just deleted. Sign in again.');
    await signals.assertMayCreateAccount(trx, deps, hashes);
    let id: number | null;
    if (deleted) {
      await users.restoreAccount(trx, deleted.id, names);
      await insertAudit(
        trx,
        { actor: 'player', action: 'account.restore', target: `user:${deleted.id}` },
        now.toISOString(),
      );
      id = deleted.id;
    } else {
      id = await users.insertUserOnce(trx, { ...names, referredBy: null, joinedAt: now.toISOString() });
    }
    const created = await users.findUserByRobloxId(trx, robloxUser.id);
    // `id` is null when a concurrent first sign-in of the same account created it.
    if (created) await signals.recordSignIn(trx, deps, created.id, hashes, id !== null);
    return created;
  });
  if (!user) throw new Error('Account vanished during sign-in');
  if (user.status === 'banned') throw banned();
  return { ...user, signalHashes: hashes };
}

/** A new session of an opened account; `proof` says how its owner was recognised. */
export async function startSession(
  deps: Deps,
  user: Omit<OpenedAccount, 'signalHashes'>,
  how: {
    proof: 'name' | 'bio' | 'roblox';
    userAgent?: string | null;
    refUserId?: number | null;
    /** The sign-in's device and address, kept with a session that has not proved the account yet. */
    signals?: signals.SignalHashes;
  },
): Promise<LoginResponse> {
  const now = deps.clock.now();
  const { token, hash } = newSessionToken();
  await sessions.insertSession(deps.db, {
    tokenHash: hash,
    userId: user.id,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + deps.env.SESSION_TTL_DAYS * DAY_MS).toISOString(),
    // Each session has a sentence of its own: whoever else typed the name sees another one, so the
    // sentence found in the bio tells which session's holder proved the account.
    verificationCode: users.newVerificationSentence(),
    proof: how.proof,
    userAgent: how.userAgent ?? null,
    refUserId: how.refUserId ?? null,
    signals: how.signals,
  });
  return {
    success: true,
    token,
    user: {
      username: user.username,
      displayName: user.display_name,
      robloxId: Number(user.roblox_id),
      referralsMade: user.referrals_made,
      referralsEarned: fromCents(Number(user.referrals_earned)),
    },
  };
}
