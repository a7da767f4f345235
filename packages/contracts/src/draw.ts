/**
 * The checkable giveaway draw (docs/draws.md): the one implementation the server draws with and the
 * browser checks with. It uses only WebCrypto's SHA-256 (`globalThis.crypto.subtle`), which browsers
 * and Node 20 both have, so it runs unchanged on either side.
 */

/** Characters of a name the live feed and a published draw show at most. */
export const SHOWN_NAME_CHARACTERS = 5;

/**
 * A name as the public feed shows it: its first 5 characters and `…`, and never the whole of a short
 * name (at least two characters stay hidden), so the feed names nobody outright.
 */
export function shortName(username: string): string {
  const chars = [...username];
  const shown = Math.max(1, Math.min(SHOWN_NAME_CHARACTERS, chars.length - 2));
  return `${chars.slice(0, shown).join('')}…`;
}

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Lowercase hex SHA-256 of the UTF-8 bytes of `text`. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** The commitment published at creation: SHA-256 of the secret's 64-character lowercase hex string. */
export function drawCommitment(secretHex: string): Promise<string> {
  return sha256Hex(secretHex);
}

/** The exact text the draw hashes: `<secret hex>:<giveaway id>:<entries joined by "\n">`. */
export function drawInput(secretHex: string, giveawayId: number, entries: readonly string[]): string {
  return `${secretHex}:${giveawayId}:${entries.join('\n')}`;
}

export interface DrawResult {
  /** Hex SHA-256 of `drawInput(...)`. */
  hash: string;
  /** The winner's position in `entries` (0-based); null when there are no entries. */
  index: number | null;
}

/**
 * The draw: SHA-256 over `drawInput`, its first 8 bytes read as an unsigned big-endian integer,
 * modulo the number of entries. The modulo favours low indexes by less than n / 2^64, which no
 * giveaway's size can make noticeable.
 */
export async function drawWinner(
  secretHex: string,
  giveawayId: number,
  entries: readonly string[],
): Promise<DrawResult> {
  const hash = await sha256Hex(drawInput(secretHex, giveawayId, entries));
  if (entries.length === 0) return { hash, index: null };
  const index = Number(BigInt(`0x${hash.slice(0, 16)}`) % BigInt(entries.length));
  return { hash, index };
}

/** What a published draw carries (the `draw` of the public giveaway once it has ended). */
export interface PublishedDraw {
  id: number;
  commitment: string;
  secret: string;
  entries: readonly string[];
  hash: string;
  winnerIndex: number | null;
}

export interface DrawCheck {
  /** SHA-256 of the secret equals the commitment published before the end. */
  commitmentMatches: boolean;
  /** The recomputed hash and winner index equal the published ones. */
  winnerMatches: boolean;
  /** The entry the recomputed index points at (the winner's shortened name), or null. */
  winner: string | null;
  ok: boolean;
}

/** Recomputes a published draw from its data, as anyone may. */
export async function checkDraw(d: PublishedDraw): Promise<DrawCheck> {
  const commitmentMatches = (await drawCommitment(d.secret)) === d.commitment;
  const { hash, index } = await drawWinner(d.secret, d.id, d.entries);
  const winner = index === null ? null : (d.entries[index] ?? null);
  const winnerMatches = hash === d.hash && index === d.winnerIndex;
  return { commitmentMatches, winnerMatches, winner, ok: commitmentMatches && winnerMatches };
}
