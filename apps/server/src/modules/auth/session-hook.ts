import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findSessionUser } from './repository.ts';
import { hashToken } from './tokens.ts';
import { banned, forbidden, unauthenticated } from '../../shared/errors.ts';

export interface Player {
  id: number;
  username: string;
  displayName: string;
  robloxId: number;
  status: 'active' | 'banned';
  token: string;
  /**
   * The account as read with the session, in the same query: enough to answer a balance poll
   * without a second one. A snapshot for display only; money decisions re-read inside their transaction.
   */
  snapshot: { balance: number; earnings: number; verified: boolean };
  /** When this session last proved ownership (bio check, Sign in with Roblox); null: a typed name only. */
  provenAt: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    player: Player | null;
  }
  interface FastifyInstance {
    /** preHandler: the call needs a signed-in player (banned players may still read). */
    requirePlayer: (request: FastifyRequest) => Promise<void>;
    /** preHandler: the call changes money or state, so a banned player is refused. */
    requireActivePlayer: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export const authenticatePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('player', null);

  const requirePlayer = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token || token.length > 100) throw unauthenticated();
    const row = await findSessionUser(app.deps.db, hashToken(token), app.deps.clock.now().toISOString());
    if (!row) throw unauthenticated('Your session has expired. Please sign in again.');
    request.player = {
      id: row.id,
      username: row.username,
      displayName: row.display_name,
      robloxId: Number(row.roblox_id),
      status: row.status,
      token,
      snapshot: {
        balance: Number(row.balance),
        earnings: Number(row.earnings),
        verified: row.verified === 1,
      },
      provenAt: row.proven_at,
    };
  };

  app.decorate('requirePlayer', requirePlayer);
  app.decorate('requireActivePlayer', async (request: FastifyRequest) => {
    await requirePlayer(request);
    if (request.player?.status === 'banned') throw banned();
  });
});

/** The signed-in player; only valid after requirePlayer ran. */
export function playerOf(request: FastifyRequest): Player {
  if (!request.player) throw unauthenticated();
  return request.player;
}

/** The signed-in player of a spec path that carries a username: a player may only name themselves. */
export function playerNamed(request: FastifyRequest, username: string): Player {
  const player = playerOf(request);
  if (player.username.toLowerCase() !== username.trim().toLowerCase()) {
    throw forbidden('You can only access your own account.');
  }
  return player;
}
