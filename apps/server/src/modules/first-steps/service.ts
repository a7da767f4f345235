import { fromCents, toCents, type FirstStep, type FirstStepsResponse } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import type { Player } from '../auth/index.ts';
import { hasClaimedDaily } from '../rewards/index.ts';
import { claimedAnOfferedSocial } from '../socials/index.ts';
import { hasRequestedWithdrawal, withdrawalBounds } from '../withdrawals/index.ts';

/**
 * The earn page's first-steps guide for a new player, read from what the server recorded; nothing
 * here changes an account. Each step asks the module that owns it.
 *
 * The daily step ticks once the player claimed at least once, not "today": a guide teaches where
 * things are, and a step that unticked at every midnight would bring the guide back for players
 * who finished it. The withdraw step ticks when the balance reaches the minimum withdrawal (the
 * player can withdraw now) or a withdrawal was ever asked for; after a first withdrawal the guide
 * is done for good, whatever the other steps say.
 */
export async function firstSteps(deps: Deps, player: Player): Promise<FirstStepsResponse> {
  const withdrawn = await hasRequestedWithdrawal(deps.db, player.id);
  const social = await claimedAnOfferedSocial(deps, player.id);
  const { minimum } = withdrawalBounds(deps.env);
  // The balance as read with the session: the one the top bar shows.
  const balance = player.snapshot.balance;
  const steps: FirstStep[] = [
    { id: 'daily', done: await hasClaimedDaily(deps.db, player.id) },
    // No social offered: there is nothing to follow, so no step.
    ...(social === null ? [] : [{ id: 'social' as const, done: social }]),
    { id: 'verify', done: player.snapshot.verified },
    { id: 'withdraw', done: withdrawn || balance >= toCents(minimum), balance: fromCents(balance), minimum },
  ];
  return { done: withdrawn || steps.every((s) => s.done), steps };
}
