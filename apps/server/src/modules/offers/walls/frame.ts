import { createHash } from 'node:crypto';
import type { Env } from '../../../env.ts';
import type { Wall } from '../shared.ts';

export interface FramePlayer {
  username: string;
  robloxId: number;
}

export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** The secret a wall's postbacks are verified with; CPX Research's comes from CPX_SECURE_HASH unless the wall has its own. */
export function wallSecret(wall: Wall, env: Env): string | null {
  if (wall.postback_scheme === 'none') return null;
  if (wall.secret) return wall.secret;
  return wall.postback_scheme === 'cpx' ? (env.CPX_SECURE_HASH ?? null) : null;
}

/** CPX Research's frame parameter: md5(`<userId>-<secret>`), computed here so the secret never leaves the server. */
export function cpxSecureHash(robloxId: number, secret: string): string {
  return md5(`${robloxId}-${secret}`);
}

/**
 * The player's frame URL: the wall's template with `{userId}` (numeric Roblox id), `{username}`,
 * `{appId}` and `{secureHash}` filled in, each URL-encoded. Unknown placeholders (the spec's
 * `{email}`: we collect no e-mail addresses) stay as they are. '' means "Coming soon": no template,
 * or a CPX wall whose secret is not configured (its postbacks could not be verified).
 */
export function frameUrl(wall: Wall, player: FramePlayer, env: Env): string {
  const template = wall.iframe_template.trim();
  if (!template) return '';
  const values: Record<string, string> = {
    userId: String(player.robloxId),
    username: player.username,
    appId: env.CPX_APP_ID,
  };
  if (wall.postback_scheme === 'cpx' || template.includes('{secureHash}')) {
    const secret = wallSecret(wall, env);
    if (!secret) return '';
    values.secureHash = cpxSecureHash(player.robloxId, secret);
  }
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? encodeURIComponent(values[name]!) : whole,
  );
}
