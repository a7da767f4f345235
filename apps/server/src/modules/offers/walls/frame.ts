import type { Env } from '../../../env.ts';
import { md5Hex } from '../postbacks/schemes/signing.ts';
import type { Wall } from '../wall.ts';
import { allowedIpsOf, frameParamsOf, wallSecret } from './settings.ts';

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

/** What a wall still needs before it can open to players and credit them (the console lists it). */
export type WallMissing =
  | { what: 'frame' }
  | { what: 'providerId'; name: string }
  | { what: 'postbackSecret' }
  | { what: 'allowedIps' };

/**
 * The values of a wall's frame placeholders: its frame params, and CPX's `{appId}` from CPX_APP_ID
 * unless the wall has an app id of its own (an empty field in the console leaves the setting's).
 */
function frameValuesOf(wall: Wall, env: Env): Record<string, string> {
  const params = frameParamsOf(wall);
  if (wall.postback_scheme !== 'cpx' || params.appId?.trim()) return params;
  return { ...params, appId: env.CPX_APP_ID ?? '' };
}

/**
 * What stops the wall from crediting a player who finishes an offer, in the console's order: a
 * frame, the provider's ids the frame names, the secret its postbacks are verified with, and the
 * addresses they may come from (or the operator's choice of any address). Empty: the wall is ready.
 */
export function wallMissing(wall: Wall, env: Env): WallMissing[] {
  const missing: WallMissing[] = [];
  const template = wall.iframe_template.trim();
  if (!template) missing.push({ what: 'frame' });
  const values = frameValuesOf(wall, env);
  for (const name of frameParamNames(template))
    if (!(Object.hasOwn(values, name) && values[name]!.trim())) missing.push({ what: 'providerId', name });
  if (!wallSecret(wall, env)) missing.push({ what: 'postbackSecret' });
  if (allowedIpsOf(wall).length === 0 && wall.any_address !== 1) missing.push({ what: 'allowedIps' });
  return missing;
}

/**
 * The player's frame URL: the wall's template with `{userId}` (numeric Roblox id), `{username}`,
 * CPX's `{secureHash}` and the wall's frame params (the provider's ids; CPX's `{appId}` comes from
 * CPX_APP_ID) filled in, each URL-encoded. The spec's `{email}` stays as it is (we collect no e-mail
 * addresses). '' means "Coming soon": a wall that is missing anything it needs to credit
 * (`wallMissing`) never opens, so no player finishes an offer that cannot pay.
 */
export function frameUrl(wall: Wall, player: FramePlayer, env: Env): string {
  if (wallMissing(wall, env).length > 0) return '';
  const values: Record<string, string> = {
    ...frameValuesOf(wall, env),
    userId: String(player.robloxId),
    username: player.username,
  };
  // Only CPX's frame carries a hash of the player's id: any other wall's secret never signs it.
  if (wall.postback_scheme === 'cpx')
    values.secureHash = cpxSecureHash(player.robloxId, wallSecret(wall, env)!);
  return wall.iframe_template
    .trim()
    .replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(values, name) ? encodeURIComponent(values[name]!) : whole,
    );
}
