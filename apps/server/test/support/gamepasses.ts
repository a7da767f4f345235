/**
 * The gamepass price that leaves a player `robux` after Roblox keeps 30% of a sale. Written here
 * from the design, not imported from the server, so tests check the server's price against it.
 */
export const priceFor = (robux: number) => Math.ceil((robux * 100) / 70);
