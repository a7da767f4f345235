import type { Env } from '../../../env.ts';
import { md5Hex } from '../postbacks/schemes/signing.ts';
import type { Wall } from '../wall.ts';
import { frameParamsOf, wallSecret } from './settings.ts';

export interface FramePlayer {
  username: string;
  robloxId: number;
}

/** Placeholders the site fills itself; every other one takes its value from the wall's frame params. */
const PLAYER_PLACEHOLDERS = new Set(['userId', 'username', 'secureHash', 'email']);

/** The placeholders of a frame template that the wall's frame params fill (the provider's ids). */
export function frameParamNames(template: string): string[] {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => !PLAYER_PLACEHOLDERS.has(n)))];
}

/** CPX Research's frame parameter: md5(`<userId>-<secret>`), computed here so the secret never leaves the server. */
export function cpxSecureHash(robloxId: number, secret: string): string {
  return md5Hex(`${robloxId}-${secret}`);
}

/**
 * The player's frame URL: the wall's template with `{userId}` (numeric Roblox id), `{username}`,
 * CPX's `{secureHash}` and the wall's frame params (the provider's ids; CPX's `{appId}` falls back to
 * CPX_APP_ID) filled in, each URL-encoded. The spec's `{email}` stays as it is (we collect no e-mail
 * addresses). '' means "Coming soon": no template, a provider id not set yet, or a CPX wall whose
 * secret is not configured (its postbacks could not be verified).
 */
export function frameUrl(wall: Wall, player: FramePlayer, env: Env): string {
  const template = wall.iframe_template.trim();
  if (!template) return '';
  const values: Record<string, string> = {
    ...(wall.postback_scheme === 'cpx' ? { appId: env.CPX_APP_ID } : {}),
    ...frameParamsOf(wall),
    userId: String(player.robloxId),
    username: player.username,
  };
  // Only CPX's frame carries a hash of the player's id: any other wall's secret never signs it.
  if (wall.postback_scheme === 'cpx') {
    const secret = wallSecret(wall, env);
    if (!secret) return '';
    values.secureHash = cpxSecureHash(player.robloxId, secret);
  }
  if (frameParamNames(template).some((name) => !values[name])) return '';
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? encodeURIComponent(values[name]!) : whole,
  );
}
