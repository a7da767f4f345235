import type { Env } from '../../../env.ts';
import type { Wall } from '../wall.ts';

function parseJson<T>(text: string, fallback: T, ok: (v: unknown) => boolean): T {
  try {
    const v: unknown = JSON.parse(text);
    return ok(v) ? (v as T) : fallback;
  } catch {
    return fallback;
  }
}

/** The wall's address allow-list; empty means any address. */
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
