import type { Deps } from '../../deps.ts';
import * as repo from './protection-repository.ts';
import type { Player } from './session-hook.ts';
import { hashToken } from './tokens.ts';

/** How long a sentence handed out may be used, and how long a proof lets a session act. */
export const PROOF_TTL_MS = 10 * 60 * 1000;

/** Whether the calling session proved ownership in the last 10 minutes. */
export function sessionRecentlyProven(deps: Deps, player: Player): boolean {
  if (!player.provenAt) return false;
  return deps.clock.now().getTime() - new Date(player.provenAt).getTime() < PROOF_TTL_MS;
}

/** The session with this token hash has just proven ownership (its own sentence was in the bio). */
export async function markSessionHashProven(deps: Deps, tokenHash: string): Promise<string> {
  const now = deps.clock.now().toISOString();
  await repo.markSessionProven(deps.db, tokenHash, now);
  return now;
}

/** The calling session has just proven ownership: it may act for 10 minutes. Returns when it proved. */
export async function markSessionProven(deps: Deps, player: Player): Promise<string> {
  player.provenAt = await markSessionHashProven(deps, hashToken(player.token));
  return player.provenAt;
}
