import { bearer, type Answer, type Site } from './site.ts';

/**
 * The gamepass price that leaves a player `robux` after Roblox keeps 30% of a sale. Written here
 * from the design, not imported from the server, so tests check the server's price against it.
 */
export const priceFor = (robux: number) => Math.ceil((robux * 100) / 70);

/** A gamepass of `creatorId` on sale (the Roblox stand-in's) at the price that leaves the creator `robux`. */
export async function gamepassFor(
  site: Site,
  creatorId: number,
  robux: number,
): Promise<{ id: number; productId: number }> {
  return site.control('POST', '/gamepasses', { creatorId, price: priceFor(robux), isForSale: true });
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
