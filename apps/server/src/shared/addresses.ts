import { BlockList, isIP } from 'node:net';

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is 1.2.3.4. */
export function plainAddress(ip: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return m ? m[1]! : ip;
}

/**
 * Reads an allow-list (addresses and CIDR ranges, IPv4 and IPv6) into a BlockList, or names the
 * first entry that is neither.
 */
export function parseAllowList(entries: readonly string[]): { list: BlockList } | { invalid: string } {
  const list = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length) return { invalid: entry };
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
    if (bits < 0 || bits > (family === 4 ? 32 : 128)) return { invalid: entry };
    list.addSubnet(address, bits, type);
  }
  return { list };
}

const cache = new Map<string, BlockList | null>();

/**
 * Whether a caller's address may send the wall's postbacks: any address when the list is empty,
 * otherwise one of its addresses or ranges. A list that no longer parses allows nothing.
 */
export function addressAllowed(entries: readonly string[], ip: string | null | undefined): boolean {
  if (entries.length === 0) return true;
  if (!ip) return false;
  const key = entries.join('\n');
  let list = cache.get(key);
  if (list === undefined) {
    const parsed = parseAllowList(entries);
    list = 'list' in parsed ? parsed.list : null;
    if (cache.size > 1000) cache.clear();
    cache.set(key, list);
  }
  const address = plainAddress(ip);
  const family = isIP(address);
  if (!list || !family) return false;
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** One address of the list the admin's test postback can come from (a range's first address). */
export function firstAllowedAddress(entries: readonly string[]): string | null {
  const first = entries[0]?.trim();
  return first ? first.split('/')[0]! : null;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.split('%')[0]!;
  // A trailing dotted IPv4 part (e.g. 64:ff9b::1.2.3.4) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups = [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

/**
 * The network a caller's address stands for: an IPv4 address as it is, an IPv6 address by its /64
 * (one home or phone gets a whole /64 and may use any address in it). Limits and linked accounts
 * count per network, so rotating addresses inside one /64 gains nothing. Null for a non-address.
 */
export function addressNetwork(ip: string): string | null {
  const address = plainAddress(ip);
  if (isIP(address) === 4) return address;
  const groups = ipv6Groups(address);
  if (!groups) return null;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The key a per-address limit counts under: the caller's network, or the text itself. */
export const limitKeyOfAddress = (ip: string): string => addressNetwork(ip) ?? ip;
