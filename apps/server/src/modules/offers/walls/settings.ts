import type { Env } from '../../../env.ts';
import { addressAllowed } from '../../../shared/addresses.ts';
import type { Wall } from '../wall.ts';

function parseJson<T>(text: string, fallback: T, ok: (v: unknown) => boolean): T {
  try {
    const v: unknown = JSON.parse(text);
    return ok(v) ? (v as T) : fallback;
  } catch {
    return fallback;
  }
}

/** The wall's address allow-list (empty: no address, unless the wall accepts any; `postbackAddressAllowed`). */
export const allowedIpsOf = (wall: Pick<Wall, 'allowed_ips'>): string[] =>
  parseJson<string[]>(wall.allowed_ips, [], (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'));

/** The values of the wall's frame placeholders. */
export const frameParamsOf = (wall: Pick<Wall, 'frame_params'>): Record<string, string> =>
  parseJson<Record<string, string>>(
    wall.frame_params,
    {},
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      Object.values(v).every((x) => typeof x === 'string'),
  );

/** The secret a wall's postbacks are verified with; CPX Research's comes from CPX_SECURE_HASH unless the wall has its own. */
export function wallSecret(wall: Pick<Wall, 'postback_scheme' | 'secret'>, env: Env): string | null {
  if (wall.postback_scheme === 'none') return null;
  if (wall.secret) return wall.secret;
  return wall.postback_scheme === 'cpx' ? (env.CPX_SECURE_HASH ?? null) : null;
}

/**
 * Whether a postback from `ip` may credit through this wall: an address of its allow-list, or any
 * address when the operator chose that (`any_address`). An empty list without that choice allows
 * none, so a wall nobody finished setting up cannot be credited by whoever learns its secret.
 */
export function postbackAddressAllowed(
  wall: Pick<Wall, 'allowed_ips' | 'any_address'>,
  ip: string | null | undefined,
): boolean {
  const list = allowedIpsOf(wall);
  if (list.length === 0) return wall.any_address === 1;
  return addressAllowed(list, ip);
}
