import type { FastifyInstance } from 'fastify';
import { bearer, type Answer, type Site } from './site.ts';

/**
 * The gamepass price that leaves a player `robux` after Roblox keeps 30% of a sale. Written here
 * from the design, not imported from the server, so tests check the server's price against it.
 */
export const priceFor = (robux: number) => Math.ceil((robux * 100) / 70);

/**
 * A gamepass of `creatorId` on sale (the Roblox stand-in's) at the price that leaves the creator `robux`;
 * `overrides` set another price (null: none) or take it off sale.
 */
export async function gamepassFor(
  site: Site,
  creatorId: number,
  robux: number,
  overrides: { price?: number | null; isForSale?: boolean } = {},
): Promise<{ id: number; productId: number }> {
  return site.control('POST', '/gamepasses', {
    creatorId,
    price: priceFor(robux),
    isForSale: true,
    ...overrides,
  });
}

/** The id of a new gamepass made as `gamepassFor` makes it. */
export const newPass = async (...args: Parameters<typeof gamepassFor>) => (await gamepassFor(...args)).id;

/**
 * `POST /api/withdraw` in-process with the player's session and `payload` as sent (a gamepass's
 * `{ gamepassId, amount }`, a group's `{ method, amount }`, or a malformed one), answered as it is.
 */
export function withdraw(
  app: FastifyInstance,
  token: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/withdraw',
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

/**
 * A withdrawal of `robux` by gamepass, asked for as the player's browser does (`POST /api/withdraw`),
 * to a new gamepass of theirs priced for it. Returns the answer and the gamepass's id.
 */
export async function requestWithdrawal(
  site: Site,
  player: { robloxId: number; token: string },
  robux: number,
): Promise<Answer & { passId: number }> {
  const pass = await gamepassFor(site, player.robloxId, robux);
  const res = await site.api(
    'POST',
    '/api/withdraw',
    { gamepassId: pass.id, amount: robux },
    bearer(player.token),
  );
  return Object.assign(res, { passId: pass.id });
}
