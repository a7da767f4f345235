import type { AccountSessionsResponse, RevokeSessionsResponse } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../shared/errors.ts';
import type { Player } from './session-hook.ts';
import { browserLabel } from './sessions-browser.ts';
import * as repo from './sessions-repository.ts';
import { hashToken } from './tokens.ts';
import { requireOwnershipProof } from './ownership-proof.ts';

const handleOf = (tokenHash: string) => tokenHash.slice(0, repo.HANDLE_LENGTH);

/** The player's live sessions, newest first; never a token or its hash. */
export async function listSessions(deps: Deps, player: Player): Promise<AccountSessionsResponse> {
  const own = hashToken(player.token);
  const rows = await repo.listLiveSessions(deps.db, player.id, deps.clock.now().toISOString());
  return {
    sessions: rows.map((s) => ({
      id: handleOf(s.token_hash),
      createdAt: s.created_at,
      proof: s.proof ?? 'name',
      browser: browserLabel(s.user_agent),
      current: s.token_hash === own,
    })),
  };
}

// Signing sessions out needs recent proof: otherwise whoever typed the name signs the owner out.
export async function revokeOthers(deps: Deps, player: Player): Promise<RevokeSessionsResponse> {
  await requireOwnershipProof(deps, player);
  const now = deps.clock.now().toISOString();
  return { revoked: await repo.revokeSessions(deps.db, player.id, now, { allBut: hashToken(player.token) }) };
}

export async function revokeOne(deps: Deps, player: Player, handle: string): Promise<RevokeSessionsResponse> {
  await requireOwnershipProof(deps, player);
  const now = deps.clock.now().toISOString();
  const revoked = await repo.revokeSessionByHandle(deps.db, player.id, handle, now);
  if (revoked === 0) throw notFound('That session has already ended.');
  return { revoked };
}
